package org.ddstuner.health.ui;

import org.ddstuner.system.EntityKind;
import org.ddstuner.system.ui.live.EntityRef;
import org.eclipse.core.expressions.PropertyTester;
import org.eclipse.core.runtime.Adapters;

/**
 * {@code org.ddstuner.health.ui.participant}: the element is a participant row (for the participant watch menus);
 * {@code org.ddstuner.health.ui.watchable}: the element's connection can be watched (a local one, or a remote
 * agent's, which runs the watch; on any other the watch commands are disabled and the Alerts view says why).
 */
public final class ParticipantPropertyTester extends PropertyTester {

    @Override
    public boolean test(Object receiver, String property, Object[] args, Object expectedValue) {
        EntityRef ref = Adapters.adapt(receiver, EntityRef.class);
        if (ref == null) {
            return false;
        }
        return switch (property) {
            case "participant" -> ref.kind() == EntityKind.PARTICIPANT;
            case "watchable" -> ref.connection() != null && HealthUi.unavailable(ref.connection()) == null;
            default -> false;
        };
    }
}
