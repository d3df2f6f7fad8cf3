package org.ddstuner.health.ui;

import org.ddstuner.system.EntityKind;
import org.ddstuner.system.ui.live.EntityRef;
import org.eclipse.core.expressions.PropertyTester;
import org.eclipse.core.runtime.Adapters;

/** {@code org.ddstuner.health.ui.participant}: the element is a participant row (for the participant watch menus). */
public final class ParticipantPropertyTester extends PropertyTester {

    @Override
    public boolean test(Object receiver, String property, Object[] args, Object expectedValue) {
        EntityRef ref = Adapters.adapt(receiver, EntityRef.class);
        return ref != null && ref.kind() == EntityKind.PARTICIPANT;
    }
}
