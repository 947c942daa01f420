package io.rdmascope.spark;

import io.rdmascope.cli.Main;
import io.rdmascope.engine.NicSettings;
import io.rdmascope.report.CaptureRow;
import io.rdmascope.report.CaptureSpan;
import java.io.InputStream;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.util.SerializableConfiguration;
import scala.Tuple2;

/**
 * The tasks of {@code --split-connections}: a capture of at least {@code --split-size} octets that
 * is not compressed is indexed by a task of its own ({@link CaptureIndex}) and, when its endpoints
 * fall into more than one group, analysed by one task per group; any other capture is one task of
 * the whole file, whose captures row says why ({@code groups} 1 and {@code whole}).
 */
final class SplitPlan {
    private SplitPlan() {}

    /** The outcome of indexing one capture: its plan and the captures row of a split one. */
    record Indexed(String capture, String path, CaptureIndex.Plan plan, CaptureRow row) implements Serializable {}

    static List<CaptureTask> tasks(JavaSparkContext sc, List<Tuple2<String, String>> captures,
                                   Broadcast<SerializableConfiguration> hadoop, AnalyzeJob.Options o) {
        // the settings as values: the options themselves are not serializable
        int buffers = o.buffersPerQp();
        int perOperation = o.maxPerOperation();
        boolean strict = o.strict();
        long splitSize = o.splitSize();
        int groups = o.groups() > 0 ? o.groups() : sc.defaultParallelism();
        List<Indexed> indexes = sc.parallelize(captures, Math.max(1, captures.size()))
                .map(c -> index(c._1(), c._2(), hadoop.value().value(), splitSize, groups,
                        new NicSettings(buffers, perOperation, strict))).collect();
        List<CaptureTask> tasks = new ArrayList<>();
        for (Indexed ix : indexes) {
            CaptureIndex.Plan plan = ix.plan();
            if (plan.whole() != null) {
                tasks.add(CaptureTask.whole(ix.capture(), ix.path(), o, wholeNote(plan.whole())));
                continue;
            }
            for (CaptureIndex.Group g : plan.groups()) {
                tasks.add(CaptureTask.group(ix.capture(), ix.path(), o, g, ix.row()));
            }
        }
        return tasks;
    }

    /** A row that carries only why a capture is analysed whole. */
    private static CaptureRow wholeNote(String why) {
        return new CaptureRow(null, null, null, null, null, null, null, null, 1, why);
    }

    /** Plans one capture; any failure leaves it to a task of the whole file, which reports it. */
    static Indexed index(String capture, String path, Configuration conf, long splitSize, int groups,
                         NicSettings settings) {
        try {
            Path p = new Path(path);
            FileSystem fs = p.getFileSystem(conf);
            long size = fs.getFileStatus(p).getLen();
            if (size < splitSize) {
                return new Indexed(capture, path, new CaptureIndex.Plan(List.of(), CaptureIndex.SMALL), null);
            }
            byte[] head = new byte[4];
            int n;
            try (InputStream in = fs.open(p)) {
                n = in.readNBytes(head, 0, head.length);
            }
            if (!CaptureIndex.plain(head, n)) {
                return new Indexed(capture, path, new CaptureIndex.Plan(List.of(),
                        CaptureIndex.compressed(head, n) ? CaptureIndex.COMPRESSED : CaptureIndex.NOT_READ), null);
            }
            CaptureSpan span = new CaptureSpan();
            CaptureIndex.Plan plan = CaptureIndex.plan(capture, fs.open(p), span, groups);
            CaptureRow row = plan.whole() != null ? null
                    : CaptureRow.read(size, span, settings, Main.VERSION).split(plan.groups().size(), null);
            return new Indexed(capture, path, plan, row);
        } catch (Exception | StackOverflowError e) {
            return new Indexed(capture, path, new CaptureIndex.Plan(List.of(), CaptureIndex.NOT_READ), null);
        }
    }
}
