package io.rdmascope.spark;

import io.rdmascope.cli.Main;
import io.rdmascope.engine.NicSettings;
import io.rdmascope.report.CaptureRow;
import io.rdmascope.report.CaptureSpan;
import java.io.Serializable;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.util.SerializableConfiguration;
import scala.Tuple2;

/**
 * The tasks of {@code --split-connections}: one indexing task per capture counts the frames of
 * its TCP connections ({@link ConnectionSplit#index}), then each capture's connections are dealt
 * into groups ({@code --groups}, by default the cluster's default parallelism), one task each. A
 * capture whose index fails gets one whole-file task, which reports why as an error row.
 */
final class SplitPlan {
    private SplitPlan() {}

    /**
     * The index of one capture: frames per connection and its captures row, or nulls when it
     * could not be read.
     */
    record Index(String capture, String path, LinkedHashMap<String, Long> frames, CaptureRow row)
            implements Serializable {}

    static List<CaptureTask> tasks(JavaSparkContext sc, List<Tuple2<String, String>> captures,
                                   Broadcast<SerializableConfiguration> hadoop, AnalyzeJob.Options o) {
        // the settings as values: the options themselves are not serializable
        int buffers = o.buffersPerQp();
        int perOperation = o.maxPerOperation();
        boolean strict = o.strict();
        List<Index> indexes = sc.parallelize(captures, Math.max(1, captures.size())).map(c -> {
            try {
                CaptureTask.Local local = CaptureTask.local(c._2(), hadoop.value().value());
                try {
                    CaptureSpan span = new CaptureSpan();
                    LinkedHashMap<String, Long> frames = new LinkedHashMap<>(ConnectionSplit.index(local.file(), span));
                    CaptureRow row = CaptureRow.read(Files.size(local.file()), span,
                            new NicSettings(buffers, perOperation, strict), Main.VERSION);
                    return new Index(c._1(), c._2(), frames, row);
                } finally {
                    local.delete();
                }
            } catch (Exception e) {
                return new Index(c._1(), c._2(), null, null);
            }
        }).collect();
        int groups = o.groups() > 0 ? o.groups() : sc.defaultParallelism();
        List<CaptureTask> tasks = new ArrayList<>();
        for (Index ix : indexes) {
            if (ix.frames() == null || ix.frames().isEmpty()) {
                tasks.add(CaptureTask.whole(ix.capture(), ix.path(), o));
                continue;
            }
            List<List<String>> split = ConnectionSplit.groups(ix.frames(), groups);
            for (int g = 0; g < split.size(); g++) {
                tasks.add(new CaptureTask(ix.capture(), ix.path(), g, new ArrayList<>(split.get(g)),
                        o.buffersPerQp(), o.maxPerOperation(), o.strict(), o.frames(), ix.row()));
            }
        }
        return tasks;
    }

}
