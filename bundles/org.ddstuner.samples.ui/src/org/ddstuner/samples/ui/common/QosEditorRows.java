package org.ddstuner.samples.ui.common;

import static org.ddstuner.samples.ui.common.QosEditor.INF;
import static org.ddstuner.samples.ui.common.QosRow.duration;
import static org.ddstuner.samples.ui.common.QosRow.durationText;
import static org.ddstuner.samples.ui.common.QosRow.or;
import static org.ddstuner.samples.ui.common.QosRow.selected;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.ddstuner.dds.Qos;
import org.ddstuner.dds.Qos.AccessScope;
import org.ddstuner.dds.Qos.DestinationOrderKind;
import org.ddstuner.dds.Qos.DurabilityKind;
import org.ddstuner.dds.Qos.HistoryKind;
import org.ddstuner.dds.Qos.LivelinessKind;
import org.ddstuner.dds.Qos.OwnershipKind;
import org.ddstuner.dds.Qos.ReliabilityKind;
import org.ddstuner.dds.Qos.TypeConsistencyKind;
import org.ddstuner.samples.ui.Messages;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Text;

/**
 * The policy rows of a {@link QosEditor}: how each policy is shown and read back, and the checks that span
 * two rows. Reader-only policies (time-based filter, reader data lifecycle, type consistency) and writer-only
 * ones (ownership strength, lifespan, transport priority, writer data lifecycle) appear only on that side.
 */
final class QosEditorRows {

    final Combo reliability;
    private final Combo history;
    private final Text depth;
    private final QosRow historyRow;
    private final QosRow limitsRow;
    private QosRow filterRow;

    QosEditorRows(QosEditor e, boolean reader) {
        // ---- main
        QosRow rel = e.row(0, Messages.QOS_RELIABILITY, null);
        reliability = rel.combo(ReliabilityKind.values());
        rel.label(Messages.QOS_MAX_BLOCKING);
        Text blocking = rel.text(Messages.QOS_MAX_BLOCKING, 70);
        reliability.addListener(SWT.Selection, x -> blocking.setEnabled(reliability.getSelectionIndex() == 1));
        rel.onShow(q -> {
            ReliabilityKind k = or(q.reliability(), Qos.Reliability::kind,
                    reader ? QosEditor.DEFAULT_READER_RELIABILITY : ReliabilityKind.RELIABLE);
            reliability.select(k.ordinal());
            blocking.setText(durationText(or(q.reliability(), Qos.Reliability::maxBlockingTime, Duration.ofMillis(100)),
                    null));
            blocking.setEnabled(k == ReliabilityKind.RELIABLE);
        }).onApply(q -> {
            ReliabilityKind k = selected(reliability, ReliabilityKind.values());
            return k == ReliabilityKind.RELIABLE ? q.with(new Qos.Reliability(k, duration(blocking, Duration.ofMillis(100))))
                    : q.withBestEffort();
        });

        QosRow dur = e.row(0, Messages.QOS_DURABILITY, null);
        Combo durability = dur.combo(DurabilityKind.values());
        dur.onShow(q -> durability.select(or(q.durability(), Qos.Durability::kind, QosEditor.DEFAULT_DURABILITY).ordinal()))
                .onApply(q -> q.withDurability(selected(durability, DurabilityKind.values())));

        historyRow = e.row(0, Messages.QOS_HISTORY, null);
        history = historyRow.combo(HistoryKind.values());
        historyRow.label(Messages.QOS_DEPTH);
        depth = historyRow.text(Messages.QOS_DEPTH, 70);
        history.addListener(SWT.Selection, x -> depth.setEnabled(history.getSelectionIndex() == 0));
        historyRow.onShow(q -> {
            HistoryKind k = or(q.history(), Qos.History::kind, QosEditor.DEFAULT_HISTORY);
            history.select(k.ordinal());
            depth.setText(Integer.toString(Math.max(1, or(q.history(), Qos.History::depth, 1))));
            depth.setEnabled(k == HistoryKind.KEEP_LAST);
        }).onApply(q -> {
            if (selected(history, HistoryKind.values()) == HistoryKind.KEEP_ALL) {
                return q.withKeepAll();
            }
            int d = QosRow.integer(depth, 1);
            if (d < 1) {
                throw new QosRow.Invalid(Messages.fill(Messages.QOS_BAD_LIMIT, depth.getText().strip()));
            }
            return q.withKeepLast(d);
        });

        QosRow deadline = e.row(0, Messages.QOS_DEADLINE, Messages.QOS_DEADLINE_TIP);
        Text period = deadline.text(Messages.QOS_INFINITE_TIP, 90);
        deadline.onShow(q -> period.setText(durationText(or(q.deadline(), Qos.Deadline::period, INF), INF)))
                .onApply(q -> {
                    Duration d = duration(period, INF);
                    if (d.isZero()) {
                        throw new QosRow.Invalid(Messages.fill(Messages.QOS_BAD_DEADLINE, period.getText().strip()));
                    }
                    return q.with(Qos.isInfinite(d) ? null : new Qos.Deadline(d));
                });

        // ---- timing and limits
        limitsRow = e.row(1, Messages.QOS_RESOURCE_LIMITS, Messages.QOS_RESOURCE_LIMITS_TIP);
        Text maxSamples = limitsRow.text("max samples", 105);
        Text maxInstances = limitsRow.text("max instances", 105);
        Text maxPerInstance = limitsRow.text("per instance", 105);
        limitsRow.onShow(q -> {
            maxSamples.setText(QosRow.limitText(or(q.resourceLimits(), Qos.ResourceLimits::maxSamples, -1)));
            maxInstances.setText(QosRow.limitText(or(q.resourceLimits(), Qos.ResourceLimits::maxInstances, -1)));
            maxPerInstance.setText(QosRow.limitText(or(q.resourceLimits(), Qos.ResourceLimits::maxSamplesPerInstance, -1)));
        }).onApply(q -> q.with(new Qos.ResourceLimits(QosRow.limit(maxSamples), QosRow.limit(maxInstances),
                QosRow.limit(maxPerInstance))));

        QosRow budget = e.row(1, Messages.QOS_LATENCY_BUDGET, null);
        Text budgetText = budget.text(Messages.QOS_ZERO_TIP, 90);
        budget.onShow(q -> budgetText.setText(durationText(or(q.latencyBudget(), Qos.LatencyBudget::duration,
                Duration.ZERO), Duration.ZERO)))
                .onApply(q -> q.with(new Qos.LatencyBudget(duration(budgetText, Duration.ZERO))));

        QosRow live = e.row(1, Messages.QOS_LIVELINESS, null);
        Combo liveKind = live.combo(LivelinessKind.values());
        live.label(Messages.QOS_LEASE);
        Text lease = live.text(Messages.QOS_INFINITE_TIP, 110);
        live.onShow(q -> {
            liveKind.select(or(q.liveliness(), Qos.Liveliness::kind, QosEditor.DEFAULT_LIVELINESS).ordinal());
            lease.setText(durationText(or(q.liveliness(), Qos.Liveliness::leaseDuration, INF), INF));
        }).onApply(q -> q.with(new Qos.Liveliness(selected(liveKind, LivelinessKind.values()), duration(lease, INF))));

        if (reader) {
            filterRow = e.row(1, Messages.QOS_TIME_FILTER, Messages.QOS_TIME_FILTER_TIP);
            Text sep = filterRow.text(Messages.QOS_ZERO_TIP, 90);
            filterRow.onShow(q -> sep.setText(durationText(or(q.timeBasedFilter(), Qos.TimeBasedFilter::minimumSeparation,
                    Duration.ZERO), Duration.ZERO)))
                    .onApply(q -> q.with(new Qos.TimeBasedFilter(duration(sep, Duration.ZERO))));
            QosRow rdl = e.row(1, Messages.QOS_READER_LIFECYCLE, null);
            rdl.label(Messages.QOS_PURGE_NO_WRITERS);
            Text noWriters = rdl.text(Messages.QOS_INFINITE_TIP, 80);
            rdl.label(Messages.QOS_PURGE_DISPOSED);
            Text disposed = rdl.text(Messages.QOS_INFINITE_TIP, 80);
            rdl.onShow(q -> {
                noWriters.setText(durationText(or(q.readerDataLifecycle(),
                        Qos.ReaderDataLifecycle::autopurgeNoWriterSamplesDelay, INF), INF));
                disposed.setText(durationText(or(q.readerDataLifecycle(),
                        Qos.ReaderDataLifecycle::autopurgeDisposedSamplesDelay, INF), INF));
            }).onApply(q -> q.with(new Qos.ReaderDataLifecycle(duration(noWriters, INF), duration(disposed, INF))));
        } else {
            QosRow span = e.row(1, Messages.QOS_LIFESPAN, null);
            Text spanText = span.text(Messages.QOS_INFINITE_TIP, 90);
            span.onShow(q -> spanText.setText(durationText(or(q.lifespan(), Qos.Lifespan::duration, INF), INF)))
                    .onApply(q -> q.with(new Qos.Lifespan(duration(spanText, INF))));
            QosRow prio = e.row(1, Messages.QOS_TRANSPORT_PRIORITY, null);
            Text prioText = prio.text("0", 90);
            prio.onShow(q -> prioText.setText(Integer.toString(or(q.transportPriority(), Qos.TransportPriority::value, 0))))
                    .onApply(q -> q.with(new Qos.TransportPriority(QosRow.integer(prioText, 0))));
        }

        // ---- ownership, order and more
        QosRow own = e.row(2, Messages.QOS_OWNERSHIP, null);
        Combo ownKind = own.combo(OwnershipKind.values());
        own.onShow(q -> ownKind.select(or(q.ownership(), Qos.Ownership::kind, QosEditor.DEFAULT_OWNERSHIP).ordinal()))
                .onApply(q -> q.with(new Qos.Ownership(selected(ownKind, OwnershipKind.values()))));
        if (!reader) {
            own.label(Messages.QOS_STRENGTH);
            Text strength = own.text("0", 70);
            QosRow.Reader kindOnly = q -> q.with(new Qos.Ownership(selected(ownKind, OwnershipKind.values())));
            own.onShow(q -> {
                ownKind.select(or(q.ownership(), Qos.Ownership::kind, QosEditor.DEFAULT_OWNERSHIP).ordinal());
                strength.setText(Integer.toString(or(q.ownershipStrength(), Qos.OwnershipStrength::value, 0)));
            }).onApply(q -> kindOnly.apply(q).with(new Qos.OwnershipStrength(QosRow.integer(strength, 0))));
        }

        QosRow order = e.row(2, Messages.QOS_DESTINATION_ORDER, null);
        Combo orderKind = order.combo(DestinationOrderKind.values());
        order.onShow(q -> orderKind.select(or(q.destinationOrder(), Qos.DestinationOrder::kind,
                QosEditor.DEFAULT_ORDER).ordinal()))
                .onApply(q -> q.with(new Qos.DestinationOrder(selected(orderKind, DestinationOrderKind.values()))));

        QosRow pres = e.row(2, Messages.QOS_PRESENTATION, null);
        Combo scope = pres.combo(AccessScope.values());
        Button coherent = pres.check(Messages.QOS_COHERENT);
        Button ordered = pres.check(Messages.QOS_ORDERED);
        pres.onShow(q -> {
            scope.select(or(q.presentation(), Qos.Presentation::accessScope, QosEditor.DEFAULT_SCOPE).ordinal());
            coherent.setSelection(or(q.presentation(), Qos.Presentation::coherentAccess, false));
            ordered.setSelection(or(q.presentation(), Qos.Presentation::orderedAccess, false));
        }).onApply(q -> q.with(new Qos.Presentation(selected(scope, AccessScope.values()), coherent.getSelection(),
                ordered.getSelection())));

        QosRow rep = e.row(2, Messages.QOS_REPRESENTATION, null);
        Button xcdr1 = rep.check("XCDR1");
        Button xcdr2 = rep.check("XCDR2");
        rep.onShow(q -> {
            List<Short> ids = or(q.dataRepresentation(), Qos.DataRepresentation::ids, List.of(Qos.XCDR1));
            xcdr1.setSelection(ids.contains(Qos.XCDR1));
            xcdr2.setSelection(ids.contains(Qos.XCDR2));
        }).onApply(q -> {
            List<Short> ids = new ArrayList<>();
            if (xcdr1.getSelection()) {
                ids.add(Qos.XCDR1);
            }
            if (xcdr2.getSelection()) {
                ids.add(Qos.XCDR2);
            }
            if (ids.isEmpty()) {
                throw new QosRow.Invalid(Messages.QOS_NO_REPRESENTATION);
            }
            return q.with(new Qos.DataRepresentation(ids));
        });

        if (reader) {
            QosRow tc = e.row(2, Messages.QOS_TYPE_CONSISTENCY, null);
            Combo tcKind = tc.combo(TypeConsistencyKind.values());
            Button seqBounds = tc.check(Messages.QOS_IGNORE_SEQ_BOUNDS);
            Button strBounds = tc.check(Messages.QOS_IGNORE_STRING_BOUNDS);
            Button names = tc.check(Messages.QOS_IGNORE_MEMBER_NAMES);
            Button widening = tc.check(Messages.QOS_PREVENT_WIDENING);
            Button validation = tc.check(Messages.QOS_FORCE_VALIDATION);
            tc.onShow(q -> {
                Qos.TypeConsistency t = q.typeConsistency();
                tcKind.select(or(t, Qos.TypeConsistency::kind, QosEditor.DEFAULT_CONSISTENCY).ordinal());
                seqBounds.setSelection(or(t, Qos.TypeConsistency::ignoreSequenceBounds, true));
                strBounds.setSelection(or(t, Qos.TypeConsistency::ignoreStringBounds, true));
                names.setSelection(or(t, Qos.TypeConsistency::ignoreMemberNames, false));
                widening.setSelection(or(t, Qos.TypeConsistency::preventTypeWidening, false));
                validation.setSelection(or(t, Qos.TypeConsistency::forceTypeValidation, false));
            }).onApply(q -> q.with(new Qos.TypeConsistency(selected(tcKind, TypeConsistencyKind.values()),
                    seqBounds.getSelection(), strBounds.getSelection(), names.getSelection(), widening.getSelection(),
                    validation.getSelection())));
        } else {
            QosRow wdl = e.row(2, Messages.QOS_WRITER_LIFECYCLE, null);
            Button autodispose = wdl.check(Messages.QOS_AUTODISPOSE);
            wdl.onShow(q -> autodispose.setSelection(or(q.writerDataLifecycle(),
                    Qos.WriterDataLifecycle::autodisposeUnregisteredInstances, true)))
                    .onApply(q -> q.with(new Qos.WriterDataLifecycle(autodispose.getSelection())));
        }
    }

    /**
     * Rules that span policies (DDS "inconsistent policy" cases Cyclone would refuse with a bare error code):
     * the rows at fault get the message.
     */
    List<QosRow> checkConsistency(Qos q) {
        List<QosRow> bad = new ArrayList<>();
        Qos.ResourceLimits rl = q.resourceLimits();
        if (rl != null) {
            if (q.history() != null && q.history().kind() == HistoryKind.KEEP_LAST && rl.maxSamplesPerInstance() > 0
                    && q.history().depth() > rl.maxSamplesPerInstance()) {
                historyRow.setError(Messages.fill(Messages.QOS_DEPTH_OVER_LIMIT, q.history().depth(),
                        rl.maxSamplesPerInstance()));
                bad.add(historyRow);
            }
            if (rl.maxSamples() > 0 && rl.maxSamplesPerInstance() > rl.maxSamples()) {
                limitsRow.setError(Messages.fill(Messages.QOS_LIMITS_INCONSISTENT, rl.maxSamples(),
                        rl.maxSamplesPerInstance()));
                bad.add(limitsRow);
            }
        }
        if (filterRow != null && q.timeBasedFilter() != null && q.deadline() != null
                && q.timeBasedFilter().minimumSeparation().compareTo(q.deadline().period()) > 0) {
            filterRow.setError(Messages.fill(Messages.QOS_FILTER_OVER_DEADLINE, durationText(q.deadline().period(), INF)));
            bad.add(filterRow);
        }
        return bad;
    }
}
