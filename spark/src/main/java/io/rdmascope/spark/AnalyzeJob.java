package io.rdmascope.spark;

import io.rdmascope.capture.CaptureFiles;
import io.rdmascope.capture.RotatedFiles;
import io.rdmascope.report.CaptureRow;
import io.rdmascope.report.AnalysisTables;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.storage.StorageLevel;
import org.apache.spark.util.SerializableConfiguration;
import scala.Tuple2;

/**
 * {@code rdmascope-spark analyze INPUT... --output DIR [--split-connections [--groups N]
 * [--split-size SIZE]] [--stitch] [--parquet-frames]}: the analysis of every capture named (files,
 * folders or globs on any Hadoop file system), one Spark task per capture (per group of connected
 * endpoints of a large capture with {@code --split-connections}, {@link SplitPlan}; the files of a
 * ring buffer one capture with {@code --stitch}), written as the Parquet tables {@code connections},
 * {@code transactions}, {@code violations}, {@code errors}, {@code captures} and with
 * {@code --parquet-frames} {@code frames} under {@code DIR} ({@link LakeTables}).
 * A capture that cannot be read is a row of {@code errors}, never a failed job. See docs/spark.md.
 */
public final class AnalyzeJob {
    private AnalyzeJob() {}

    /** Names of the tables written, in the order of the union row's structs. */
    static final List<String> TABLES = List.of("connections", "transactions", "violations", "errors", "captures",
            "frames");

    /** Every row of every table in one schema: the table, the capture, and one struct per table. */
    static final StructType UNION = DataTypes.createStructType(List.of(
            DataTypes.createStructField("table", DataTypes.StringType, false),
            // nullable, as the command line writes it: the two outputs have one schema
            DataTypes.createStructField(AnalysisTables.CAPTURE, DataTypes.StringType, true),
            DataTypes.createStructField("connections", SparkTables.carried(AnalysisTables.CONNECTIONS), true),
            DataTypes.createStructField("transactions", SparkTables.carried(AnalysisTables.TRANSACTIONS), true),
            DataTypes.createStructField("violations", SparkTables.carried(AnalysisTables.VIOLATIONS), true),
            DataTypes.createStructField("errors", SparkTables.ERRORS, true),
            DataTypes.createStructField("captures", SparkTables.carried(AnalysisTables.CAPTURES), true),
            DataTypes.createStructField("frames", SparkTables.carried(AnalysisTables.FRAMES), true)));

    /** @param table the table, or {@code GROUP/TABLE} for a row of a group ({@link #renumbered}) */
    static Row unionRow(String table, String capture, Object[] values) {
        Object[] row = new Object[2 + TABLES.size()];
        row[0] = table;
        row[1] = capture;
        row[2 + TABLES.indexOf(table.substring(table.indexOf('/') + 1))] = RowFactory.create(values);
        return RowFactory.create(row);
    }

    /**
     * The job's options; {@code splitSize}: the size from which {@code --split-connections} splits a
     * capture; {@code stitch}: consecutive files of a capture point are one capture ({@code --stitch}).
     */
    public record Options(List<String> inputs, String output, boolean splitConnections, int groups,
                          int buffersPerQp, int maxPerOperation, boolean strict, boolean frames, long splitSize,
                          boolean stitch) {
        public Options(List<String> inputs, String output, boolean splitConnections) {
            this(inputs, output, splitConnections, 0, 64, 32, false);
        }

        public Options(List<String> inputs, String output, boolean splitConnections, int groups,
                       int buffersPerQp, int maxPerOperation, boolean strict) {
            this(inputs, output, splitConnections, groups, buffersPerQp, maxPerOperation, strict, false);
        }

        public Options(List<String> inputs, String output, boolean splitConnections, int groups,
                       int buffersPerQp, int maxPerOperation, boolean strict, boolean frames) {
            this(inputs, output, splitConnections, groups, buffersPerQp, maxPerOperation, strict, frames,
                    CaptureIndex.DEFAULT_SPLIT_SIZE, false);
        }

        /** These options with another split size. */
        public Options withSplitSize(long size) {
            return new Options(inputs, output, splitConnections, groups, buffersPerQp, maxPerOperation, strict, frames,
                    size, stitch);
        }

        /** These options with {@code --stitch}. */
        public Options withStitch() {
            return new Options(inputs, output, splitConnections, groups, buffersPerQp, maxPerOperation, strict, frames,
                    splitSize, true);
        }

        /** The tables written. */
        List<String> tables() {
            return frames ? TABLES : TABLES.subList(0, TABLES.size() - 1);
        }
    }

    /** What a run did: captures found, tasks run, rows per table. */
    public record Summary(int captures, int tasks, Map<String, Long> rows) {}

    private static final String USAGE = "usage: rdmascope-spark analyze INPUT... --output DIR "
            + "[--split-connections [--groups N] [--split-size SIZE]] [--stitch] [--parquet-frames] [--strict] [--buffers-per-qp N] "
            + "[--max-per-operation N]";

    public static void main(String[] args) {
        Options o;
        try {
            o = parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("rdmascope-spark: " + e.getMessage());
            System.err.println(USAGE);
            System.exit(2);
            return;
        }
        SparkSession spark = SparkSession.builder().appName("rdmascope analyze").getOrCreate();
        try {
            long start = System.nanoTime();
            Summary s = run(spark, o);
            System.out.printf(Locale.ROOT, "%d captures, %d tasks, %s in %.1f s%n", s.captures(), s.tasks(), s.rows(),
                    (System.nanoTime() - start) / 1e9);
        } catch (IOException e) {
            System.err.println("rdmascope-spark: " + e.getMessage());
            System.exit(2);
        } finally {
            spark.stop();
        }
    }

    static Options parse(String[] args) {
        List<String> a = new ArrayList<>(Arrays.asList(args));
        if (a.isEmpty() || !a.remove(0).equals("analyze")) {
            throw new IllegalArgumentException("the only command is analyze");
        }
        List<String> inputs = new ArrayList<>();
        String output = null;
        boolean split = false;
        boolean strict = false;
        boolean stitch = false;
        boolean frames = false;
        int groups = 0, buffers = 64, perOperation = 32;
        long splitSize = CaptureIndex.DEFAULT_SPLIT_SIZE;
        for (int i = 0; i < a.size(); i++) {
            String s = a.get(i);
            switch (s) {
                case "--output" -> output = value(a, ++i, s);
                case "--split-connections" -> split = true;
                case "--strict" -> strict = true;
                case "--stitch" -> stitch = true;
                case "--parquet-frames" -> frames = true;
                case "--groups" -> groups = number(value(a, ++i, s), s);
                case "--split-size" -> splitSize = size(value(a, ++i, s), s);
                case "--buffers-per-qp" -> buffers = number(value(a, ++i, s), s);
                case "--max-per-operation" -> perOperation = number(value(a, ++i, s), s);
                default -> {
                    if (s.startsWith("--")) {
                        throw new IllegalArgumentException("unknown option " + s);
                    }
                    inputs.add(s);
                }
            }
        }
        if (inputs.isEmpty() || output == null) {
            throw new IllegalArgumentException("INPUT and --output DIR are required");
        }
        return new Options(inputs, output, split, groups, buffers, perOperation, strict, frames, splitSize, stitch);
    }

    private static String value(List<String> a, int i, String option) {
        if (i >= a.size()) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return a.get(i);
    }

    /** A size in octets: digits, optionally followed by k, m or g (binary: 256m is 256 MiB). */
    static long size(String v, String option) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("([0-9]{1,12})([kKmMgG]?)").matcher(v);
        if (m.matches()) {
            int shift = switch (m.group(2).toLowerCase(Locale.ROOT)) {
                case "k" -> 10;
                case "m" -> 20;
                case "g" -> 30;
                default -> 0;
            };
            return Long.parseLong(m.group(1)) << shift;
        }
        throw new IllegalArgumentException(option + " needs a size in octets (256m, 1g, 4096), not " + v);
    }

    private static int number(String v, String option) {
        try {
            int n = Integer.parseInt(v);
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(option + " needs a number of at least 1, not " + v);
    }

    /**
     * The capture files named by the inputs, as (name in the tables, path): a folder stands for
     * the capture files in it and in its subfolders ({@link CaptureFiles}: plain or compressed,
     * hidden ones left out), sorted by their path in the folder; a glob for
     * what it matches. An input that names nothing, or a folder without captures, is kept, so
     * that its task reports why.
     */
    static List<Tuple2<String, String>> list(List<String> inputs, Configuration conf) throws IOException {
        List<Tuple2<String, String>> out = new ArrayList<>();
        for (String input : inputs) {
            Path p = new Path(input);
            FileSystem fs = p.getFileSystem(conf);
            FileStatus[] matched = fs.globStatus(p);
            if (matched == null || matched.length == 0) {
                out.add(new Tuple2<>(input, input));
                continue;
            }
            boolean glob = matched.length > 1 || !matched[0].getPath().getName().equals(p.getName());
            for (FileStatus st : matched) {
                if (st.isDirectory()) {
                    String base = glob ? st.getPath().toString() : input.replaceAll("/+$", "");
                    List<Tuple2<String, String>> found = folder(fs, st.getPath(), base);
                    // a folder without captures is kept, so that its task reports it
                    out.addAll(found.isEmpty() ? List.of(new Tuple2<>(base, st.getPath().toString())) : found);
                } else {
                    out.add(new Tuple2<>(glob ? st.getPath().toString() : input, st.getPath().toString()));
                }
            }
        }
        return out;
    }

    /** The capture files under {@code dir}, named as {@code base} and their path in it, sorted by that path. */
    private static List<Tuple2<String, String>> folder(FileSystem fs, Path dir, String base) throws IOException {
        String root = fs.makeQualified(dir).toUri().getPath().replaceAll("/+$", "") + "/";
        List<Tuple2<String, String>> found = new ArrayList<>();
        RemoteIterator<LocatedFileStatus> files = fs.listFiles(dir, true);
        while (files.hasNext()) {
            Path f = files.next().getPath();
            String relative = f.toUri().getPath().substring(root.length());
            if (CaptureFiles.isCapture(f.getName()) && !CaptureFiles.hidden(relative)) {
                found.add(new Tuple2<>(base + "/" + relative, f.toString()));
            }
        }
        found.sort(Comparator.comparing(Tuple2::_1));
        return found;
    }

    /** Runs the job: lists, plans, analyses and writes the tables under {@code o.output()}. */
    public static Summary run(SparkSession spark, Options o) throws IOException {
        JavaSparkContext sc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        Configuration conf = sc.hadoopConfiguration();
        List<Tuple2<String, String>> captures = list(o.inputs(), conf);
        Broadcast<SerializableConfiguration> hadoop = sc.broadcast(new SerializableConfiguration(conf));
        List<CaptureTask> tasks = new ArrayList<>();
        List<Tuple2<String, String>> single = captures;
        if (o.stitch()) {
            // the files of a ring buffer (and the other files named) are one capture each
            single = new ArrayList<>();
            Map<String, String> paths = new HashMap<>();
            List<String> names = new ArrayList<>();
            for (Tuple2<String, String> c : captures) {
                paths.put(c._1(), c._2());
                names.add(c._1());
            }
            captures = new ArrayList<>();
            CaptureRow note = o.splitConnections() ? new CaptureRow(null, null, null, null, null, null, null, null, 1,
                    "stitched") : null;
            for (RotatedFiles.Stitched s : RotatedFiles.group(names)) {
                if (s.parts().size() == 1) {
                    single.add(new Tuple2<>(s.name(), paths.get(s.name())));
                } else {
                    List<String> parts = new ArrayList<>();
                    s.parts().forEach(p -> parts.add(paths.get(p)));
                    tasks.add(CaptureTask.stitched(s.name(), parts, o, note));
                }
                captures.add(new Tuple2<>(s.name(), paths.get(s.parts().get(0))));
            }
        }
        tasks.addAll(o.splitConnections() ? SplitPlan.tasks(sc, single, hadoop, o) : whole(single, o));
        JavaRDD<Row> rows = sc.parallelize(tasks, Math.max(1, tasks.size()))
                .flatMap(t -> t.rows(hadoop.value().value()));
        JavaRDD<Row> analysed = null;
        if (tasks.stream().anyMatch(t -> t.split() != null)) {
            // the groups' rows are kept while their keys give the whole capture's ids
            analysed = rows.persist(StorageLevel.MEMORY_AND_DISK_SER());
            List<Renumbering.Keys> keys = new ArrayList<>();
            for (Row r : analysed.filter(r -> KEYS.equals(r.getString(0))).collect()) {
                keys.add((Renumbering.Keys) r.get(2));
            }
            Broadcast<Map<String, Renumbering>> ids = sc.broadcast(Renumbering.of(keys));
            rows = analysed.filter(r -> !KEYS.equals(r.getString(0))).map(r -> renumbered(r, ids.value()));
        }
        Dataset<Row> all = spark.createDataFrame(rows, UNION).persist(StorageLevel.MEMORY_AND_DISK());
        String timestampType = spark.conf().get(OUTPUT_TIMESTAMP_TYPE);
        spark.conf().set(OUTPUT_TIMESTAMP_TYPE, "TIMESTAMP_MICROS");
        try {
            Map<String, Long> counts = new LinkedHashMap<>();
            Map<String, Set<String>> withRows = new HashMap<>();
            for (String table : o.tables()) {
                counts.put(table, 0L);
                withRows.put(table, new HashSet<>());
            }
            for (Row r : all.groupBy("table", AnalysisTables.CAPTURE).count().collectAsList()) {
                counts.merge(r.getString(0), r.getLong(2), Long::sum);
                withRows.get(r.getString(0)).add(r.getString(1));
            }
            List<String> names = new ArrayList<>();
            for (Tuple2<String, String> c : captures) {
                names.add(c._1());
            }
            for (String table : o.tables()) {
                List<Column> columns = new ArrayList<>(List.of(functions.col(AnalysisTables.CAPTURE)));
                columns.addAll(SparkTables.columns(table, (StructType) UNION.apply(table).dataType()));
                Dataset<Row> t = all.filter(functions.col("table").equalTo(table))
                        .select(columns.toArray(Column[]::new));
                LakeTables.write(spark, t, new Path(o.output(), table), names, withRows.get(table));
            }
            return new Summary(captures.size(), tasks.size(), counts);
        } finally {
            spark.conf().set(OUTPUT_TIMESTAMP_TYPE, timestampType);
            all.unpersist();
            if (analysed != null) {
                analysed.unpersist();
            }
        }
    }

    /** The table of the rows a group's task gives its {@link Renumbering.Keys} in. */
    static final String KEYS = "_keys";

    /** The columns that hold ids, and those whose text names them. */
    private static final List<String> ID_COLUMNS = List.of("id", "connection", "transaction", "operations",
            "connections");
    private static final List<String> TEXT_COLUMNS = List.of("message", "note");
    /** The frames table's column of the TCP stream's number ({@code tcp.stream}): the group's in its rows. */
    private static final String STREAM_COLUMN = "tcpStream";

    /**
     * A row of a group with the whole capture's ids and TCP stream numbers. A group's task names
     * the table of its rows {@code GROUP/TABLE} ({@code 2/transactions}), which tells the group's
     * {@link Renumbering}; the row returned has the plain table name. Other rows are returned as
     * they are.
     */
    static Row renumbered(Row r, Map<String, Renumbering> ids) {
        String table = r.getString(0);
        int slash = table.indexOf('/');
        if (slash < 0) {
            return r;
        }
        String name = table.substring(slash + 1);
        Renumbering n = ids.get(Renumbering.key(r.getString(1), Integer.parseInt(table.substring(0, slash))));
        int at = 2 + TABLES.indexOf(name);
        Row struct = r.getStruct(at);
        Object[] values = new Object[struct.size()];
        StructType type = (StructType) UNION.apply(name).dataType();
        for (int i = 0; i < values.length; i++) {
            Object v = struct.get(i);
            String column = type.fields()[i].name();
            if (n != null && v != null) {
                if (ID_COLUMNS.contains(column)) {
                    v = n.value(v);
                } else if (TEXT_COLUMNS.contains(column) && v instanceof String s) {
                    v = n.text(s);
                } else if (column.equals(STREAM_COLUMN) && v instanceof Long stream) {
                    v = n.stream(stream);
                }
            }
            values[i] = v;
        }
        return unionRow(name, r.getString(1), values);
    }

    /** Spark's setting of the Parquet type of timestamps, which is INT96 unless set. */
    private static final String OUTPUT_TIMESTAMP_TYPE = "spark.sql.parquet.outputTimestampType";

    private static List<CaptureTask> whole(List<Tuple2<String, String>> captures, Options o) {
        List<CaptureTask> tasks = new ArrayList<>();
        for (Tuple2<String, String> c : captures) {
            tasks.add(CaptureTask.whole(c._1(), c._2(), o));
        }
        return tasks;
    }
}
