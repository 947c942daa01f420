package io.rdmascope.spark;

import io.rdmascope.synth.BulkCapture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.apache.spark.sql.SparkSession;

/**
 * Throughput of the job in local mode on 1 and 2 cores, and the scaling between them: a bulk
 * capture of many connections analysed with {@code --split-connections}, and several copies of it
 * analysed one task each. Prints figures; not a test. Run from the module with the test class path:
 * {@code mvn -B -pl spark -am test-compile exec:java -Dexec.mainClass=io.rdmascope.spark.ScalingBenchmark
 * -Dexec.classpathScope=test} (with the JVM options of the module's surefire argLine in
 * MAVEN_OPTS), or with {@code java} and the same class path.
 *
 * <p>Arguments: {@code [MB] [copies] [runs] [cores]}, default 50 MB, 4 copies, 3 runs (median), 1
 * then 2 cores; with {@code cores}, only that many (for timing the whole process from outside); with
 * 0 copies, the split capture only.
 * The bulk capture's 179 connections are between 358 hosts, so that it splits into as many groups
 * as there are cores.
 */
public final class ScalingBenchmark {
    private ScalingBenchmark() {}

    public static void main(String[] args) throws Exception {
        long mb = args.length > 0 ? Long.parseLong(args[0]) : 50;
        int copies = args.length > 1 ? Integer.parseInt(args[1]) : 4;
        int runs = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        int only = args.length > 3 ? Integer.parseInt(args[3]) : 0;
        Path dir = Files.createTempDirectory("rdmascope-bench");
        Path bulk = dir.resolve("bulk.pcap");
        BulkCapture.write(bulk, mb * 1_000_000L, 179, 64, 1400);
        Path many = Files.createDirectory(dir.resolve("many"));
        for (int i = 0; i < copies; i++) {
            Files.copy(bulk, many.resolve("copy-" + i + ".pcap"));
        }
        double octets = Files.size(bulk);
        double[] split = new double[3];
        double[] files = new double[3];
        for (int cores = only > 0 ? only : 1; cores <= (only > 0 ? only : 2); cores++) {
            SparkSession spark = SparkSession.builder().master("local[" + cores + "]").appName("rdmascope bench")
                    .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1")
                    .config("spark.sql.shuffle.partitions", String.valueOf(cores)).getOrCreate();
            spark.sparkContext().setLogLevel("WARN");
            split[cores] = median(spark, new AnalyzeJob.Options(List.of(bulk.toString()),
                    dir.resolve("out-split").toString(), true).withSplitSize(1 << 20), runs);
            files[cores] = copies == 0 ? Double.NaN : median(spark, new AnalyzeJob.Options(List.of(many.toString()),
                    dir.resolve("out-files").toString(), false), runs);
            spark.stop();
            System.out.printf(Locale.ROOT, "local[%d]: one %.0f MB capture split by connection %.1f MB/s; "
                    + "%d captures one task each %.1f MB/s%n", cores, octets / 1e6, octets / split[cores] / 1e6,
                    copies, copies * octets / files[cores] / 1e6);
        }
        if (only == 0) {
            System.out.printf(Locale.ROOT, "scaling 1 -> 2 cores: split %.2fx, one task per capture %.2fx%n",
                    split[1] / split[2], files[1] / files[2]);
        }
    }

    private static double median(SparkSession spark, AnalyzeJob.Options o, int runs) throws Exception {
        double[] t = new double[runs];
        for (int i = 0; i < runs; i++) {
            long start = System.nanoTime();
            AnalyzeJob.run(spark, o);
            t[i] = (System.nanoTime() - start) / 1e9;
        }
        java.util.Arrays.sort(t);
        return t[runs / 2];
    }
}
