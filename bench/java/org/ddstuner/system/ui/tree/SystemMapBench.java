package org.ddstuner.system.ui.tree;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Qos;
import org.ddstuner.map.LaidOutMap;
import org.ddstuner.map.MapBuilder;
import org.ddstuner.map.MapGraph;
import org.ddstuner.map.MapLayout;
import org.ddstuner.map.MapPainter;
import org.ddstuner.map.ui.GcCanvas;
import org.ddstuner.system.DiscoveryEvent;
import org.ddstuner.system.EndpointKind;
import org.ddstuner.system.NameFilter;
import org.ddstuner.system.SystemModel;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.testsupport.synthetic.SyntheticDiscovery;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Font;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.widgets.Display;

/**
 * The System Map at 20,000 endpoints against the System tree's refresh of the same snapshot, timed in one JVM
 * (bench/system-map.sh runs it under Xvfb: the drawing is SWT's). Events as in TreeAllocBench (the tests'
 * synthetic generator, laid out like bench/peers/endpoint_flood) go into a {@link SystemModel}; the snapshot's own
 * indexes are built before any timing, since both views share them.
 * <ul>
 * <li><b>full</b>: a fresh map (new {@link MapBuilder}, new ELK layout, everything drawn into an image by the
 * view's painter) vs a fresh System tree (new {@link SystemTreeBuilder} + its row index), per round;</li>
 * <li><b>steady</b>: one small change per round (an endpoint appears / is renamed / is lost), the map's builder and
 * layout kept (only changed topics recomputed, places reused when the structure stays) vs the tree's builder kept;</li>
 * <li><b>detail</b>: the same model with aggregation off (every participant and topic a box): what collapsing saves.</li>
 * </ul>
 * Args: [PEERS PER TOPICS ROUNDS] (4 5000 101 15). Last line:
 * {@code system_map endpoints=N level=L nodes=N edges=N map_ms=X tree_ms=Y ratio=R steady_map_ms=X steady_tree_ms=Y
 * steady_ratio=R detail_ms=X detail_nodes=N} (medians; ratio = map / tree).
 */
public final class SystemMapBench {

    public static void main(String[] args) {
        int peers = args.length > 0 ? Integer.parseInt(args[0]) : 4;
        int per = args.length > 1 ? Integer.parseInt(args[1]) : 5000;
        int topics = args.length > 2 ? Integer.parseInt(args[2]) : 101;
        int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 15;
        Display display = new Display();
        FontSet fonts = new FontSet(display);
        try (SystemModel model = new SystemModel()) {
            model.applyAll(SyntheticDiscovery.events("flood", SyntheticDiscovery.CYCLONE_VENDOR, peers, per, topics));
            SystemSnapshot s = warm(model.snapshot());
            System.out.println("# model: " + s.endpoints().size() + " endpoints, " + s.participants().size()
                    + " participants, " + s.topics().size() + " topics");
            for (int i = 0; i < 5; i++) { // JIT and ELK's first use
                fullMap(display, fonts, s, MapBuilder.DEFAULT_MAX_NODES);
                fullTree(s);
            }
            List<Double> map = new ArrayList<>();
            List<Double> tree = new ArrayList<>();
            MapGraph shape = null;
            for (int r = 0; r < rounds; r++) {
                long t0 = System.nanoTime();
                shape = fullMap(display, fonts, s, MapBuilder.DEFAULT_MAX_NODES);
                long t1 = System.nanoTime();
                fullTree(s);
                long t2 = System.nanoTime();
                map.add((t1 - t0) / 1e6);
                tree.add((t2 - t1) / 1e6);
            }
            // steady: builders kept, one change before each round
            MapBuilder mb = new MapBuilder();
            MapLayout ml = new MapLayout();
            SystemTreeBuilder tb = new SystemTreeBuilder();
            draw(display, fonts, ml.layout(mb.build(s)));
            tb.build(null, "bench", s, NameFilter.ALL);
            List<Double> steadyMap = new ArrayList<>();
            List<Double> steadyTree = new ArrayList<>();
            Qos qos = Qos.EMPTY.withReliable();
            for (int k = 0; k < rounds; k++) {
                DiscoveryEvent change = switch (k % 3) {
                    case 0 -> new DiscoveryEvent.EndpointSeen(SyntheticDiscovery.guid(SyntheticDiscovery.CYCLONE_VENDOR,
                            1, per + 1 + k, 0x02), EndpointKind.WRITER, pguid(1), "flood1_" + (k % topics),
                            SyntheticDiscovery.typeName("flood"), qos, false);
                    case 1 -> new DiscoveryEvent.EndpointSeen(SyntheticDiscovery.guid(SyntheticDiscovery.CYCLONE_VENDOR,
                            2, 2 * k + 1, 0x02), EndpointKind.WRITER, pguid(2), "flood2_" + (2 * k % topics),
                            SyntheticDiscovery.typeName("flood"), qos.withEntityName("renamed" + k), false);
                    default -> new DiscoveryEvent.EndpointLost(SyntheticDiscovery.guid(SyntheticDiscovery.CYCLONE_VENDOR,
                            3, 2 * k + 2, 0x07));
                };
                model.applyAll(List.of(change));
                SystemSnapshot n = warm(model.snapshot());
                long t0 = System.nanoTime();
                draw(display, fonts, ml.layout(mb.build(n)));
                long t1 = System.nanoTime();
                LazyNodeContentProvider.Built.of(List.of(tb.build(null, "bench", n, NameFilter.ALL)));
                long t2 = System.nanoTime();
                steadyMap.add((t1 - t0) / 1e6);
                steadyTree.add((t2 - t1) / 1e6);
            }
            // detail: no aggregation (what the collapsing saves)
            List<Double> detail = new ArrayList<>();
            MapGraph detailShape = null;
            List<String> split = new ArrayList<>();
            for (int r = 0; r < Math.max(3, rounds / 5); r++) {
                long t0 = System.nanoTime();
                detailShape = new MapBuilder().maxNodes(Integer.MAX_VALUE).build(s);
                long t1 = System.nanoTime();
                LaidOutMap laid = MapLayout.place(detailShape);
                long t2 = System.nanoTime();
                draw(display, fonts, laid);
                long t3 = System.nanoTime();
                detail.add((t3 - t0) / 1e6);
                split.add(String.format(Locale.ROOT, "build %.0f layout %.0f draw %.0f", (t1 - t0) / 1e6,
                        (t2 - t1) / 1e6, (t3 - t2) / 1e6));
            }
            System.out.println("# detail split ms: " + split);
            System.out.printf(Locale.ROOT, "# full map ms: %s%n# full tree ms: %s%n# steady map ms: %s%n"
                    + "# steady tree ms: %s%n# detail map ms: %s%n", map, tree, steadyMap, steadyTree, detail);
            double m = median(map);
            double t = median(tree);
            System.out.printf(Locale.ROOT, "system_map endpoints=%d level=%s nodes=%d edges=%d map_ms=%.2f tree_ms=%.2f "
                    + "ratio=%.2f steady_map_ms=%.2f steady_tree_ms=%.2f steady_ratio=%.2f detail_ms=%.1f "
                    + "detail_nodes=%d%n", s.endpoints().size(), shape.level().name().toLowerCase(Locale.ROOT),
                    shape.nodes().size(), shape.edges().size(), m, t, m / t, median(steadyMap), median(steadyTree),
                    median(steadyMap) / median(steadyTree), median(detail), detailShape.nodes().size());
        } finally {
            fonts.dispose();
            display.dispose();
        }
    }

    private static Guid pguid(int p) {
        return SyntheticDiscovery.guid(SyntheticDiscovery.CYCLONE_VENDOR, p, 0, 0);
    }

    /** The snapshot's lazily built indexes, shared by every view, made before timing. */
    private static SystemSnapshot warm(SystemSnapshot s) {
        s.endpoints();
        if (!s.endpoints().isEmpty()) {
            s.endpoint(s.endpoints().get(0).guid());
        }
        if (!s.participants().isEmpty()) {
            s.endpointsOf(s.participants().get(0).guid());
        }
        return s;
    }

    private static MapGraph fullMap(Display d, FontSet f, SystemSnapshot s, int maxNodes) {
        MapGraph g = new MapBuilder().maxNodes(maxNodes).build(s);
        draw(d, f, MapLayout.place(g));
        return g;
    }

    private static void fullTree(SystemSnapshot s) {
        LazyNodeContentProvider.Built.of(List.of(new SystemTreeBuilder().build(null, "bench", s, NameFilter.ALL)));
    }

    /** Everything drawn at zoom 1 into an image as large as the map (what the view's paint and PNG export do). */
    private static void draw(Display d, FontSet f, LaidOutMap m) {
        Image img = new Image(d, Math.max(1, (int) Math.ceil(Math.min(m.width(), 8000))),
                Math.max(1, (int) Math.ceil(Math.min(m.height(), 8000))));
        GC gc = new GC(img);
        try {
            MapPainter.paint(m, new GcCanvas(gc, f.normal, f.bold), null, null);
        } finally {
            gc.dispose();
            img.dispose();
        }
    }

    private static double median(List<Double> v) {
        List<Double> s = new ArrayList<>(v);
        s.sort(null);
        return s.isEmpty() ? Double.NaN : s.get(s.size() / 2);
    }

    private static final class FontSet {
        final Font normal;
        final Font bold;

        FontSet(Display d) {
            String name = d.getSystemFont().getFontData()[0].getName();
            normal = new Font(d, name, 9, SWT.NORMAL);
            bold = new Font(d, name, 9, SWT.BOLD);
        }

        void dispose() {
            normal.dispose();
            bold.dispose();
        }
    }
}
