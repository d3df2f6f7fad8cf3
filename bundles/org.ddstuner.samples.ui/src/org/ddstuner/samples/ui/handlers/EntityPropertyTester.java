package org.ddstuner.samples.ui.handlers;

import org.ddstuner.system.EntityKind;
import org.ddstuner.system.ui.live.EntityRef;
import org.eclipse.core.expressions.PropertyTester;
import org.eclipse.core.runtime.Adapters;

/**
 * {@code org.ddstuner.samples.ui.topicOrEndpoint}: the element is a topic, writer or reader row (anything
 * that adapts to an {@link EntityRef} of that kind). Decides where "Show Type", "Read Samples…" and
 * "Write Samples…" appear.
 */
public final class EntityPropertyTester extends PropertyTester {

    @Override
    public boolean test(Object receiver, String property, Object[] args, Object expectedValue) {
        return "topicOrEndpoint".equals(property) && isTopicOrEndpoint(receiver);
    }

    public static boolean isTopicOrEndpoint(Object element) {
        EntityRef ref = Adapters.adapt(element, EntityRef.class);
        return ref != null && (ref.kind() == EntityKind.TOPIC || ref.kind() == EntityKind.ENDPOINT);
    }
}
