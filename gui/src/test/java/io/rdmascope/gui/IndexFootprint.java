package io.rdmascope.gui;

import io.rdmascope.gui.model.LoadListener;
import io.rdmascope.gui.pipeline.PipelineCaptureModel;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;

/**
 * Loads a capture into the GUI's model without a window and prints the load time, the time to the
 * first batch of rows and the live heap after a full collection, per frame, then the time of
 * three display filters over all frames (args: capture).
 */
public final class IndexFootprint {
    private IndexFootprint() {}

    public static void main(String[] args) throws Exception {
        long before = live();
        long start = System.nanoTime();
        long[] first = {-1};
        try (PipelineCaptureModel m = new PipelineCaptureModel(Path.of(args[0]))) {
            m.load(new LoadListener() {
                @Override
                public void frames(long count) {
                    if (first[0] < 0) {
                        first[0] = System.nanoTime() - start;
                        m.row(1);
                    }
                }

                @Override
                public void progress(double fraction) {}
            }, () -> false);
            long load = System.nanoTime() - start;
            long after = live();
            long n = m.frameCount();
            System.out.printf("frames %d, transactions %d, violations %d%n", n, m.transactions().size(),
                    m.violations().size());
            System.out.printf("first rows after %d ms, load %d ms%n", first[0] / 1_000_000, load / 1_000_000);
            System.out.printf("live heap %.1f MB after the load (%.1f MB before): %.1f B per frame%n",
                    after / 1e6, before / 1e6, (after - before) / (double) n);
            long t = System.nanoTime();
            for (long f = 1; f <= n; f += Math.max(1, n / 20000)) {
                m.row(f);
            }
            System.out.printf("20000 rows built in %d ms%n", (System.nanoTime() - t) / 1_000_000);
            System.out.println(m.row(n / 2));
            // the display filters over all frames read the same columns: best of five runs each
            io.rdmascope.gui.model.DisplayFilterCompiler compiler = new io.rdmascope.gui.model.DisplayFilterCompiler(m);
            for (String text : new String[] {"ddp.stag == 0x100", "transaction", "tcp.port == 4791"}) {
                java.util.function.LongPredicate p = compiler.compile(text).predicate();
                long best = Long.MAX_VALUE, matched = 0;
                for (int run = 0; run < 5; run++) {
                    long t0 = System.nanoTime();
                    matched = 0;
                    for (long f = 1; f <= n; f++) {
                        matched += p.test(f) ? 1 : 0;
                    }
                    best = Math.min(best, System.nanoTime() - t0);
                }
                System.out.printf("filter %s: %d frames in %d ms%n", text, matched, best / 1_000_000);
            }
        }
    }

    private static long live() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(100);
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
