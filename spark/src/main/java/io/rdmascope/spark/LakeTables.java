package io.rdmascope.spark;

import io.rdmascope.report.AnalysisTables;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collection;
import java.util.HexFormat;
import java.util.Set;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;

/**
 * Writes the job's tables as a data lake keeps them: each table a folder of zstd-compressed
 * Parquet files partitioned by {@value #KEY}, a short hash of the capture's name ({@link #key}),
 * so that a capture of any path length makes a short folder name; the full name is the
 * {@code capture} column, first in every file as in the command line's files. A run replaces the
 * partitions of its own captures only (dynamic partition overwrite), including those an earlier
 * run wrote and this one has no rows for, and keeps every other capture's rows. A table without
 * rows in the run still gets a Parquet file with its schema, so that globs and readers find one.
 */
final class LakeTables {
    private LakeTables() {}

    /** The partition column. */
    static final String KEY = "captureKey";

    /** Hexadecimal digits of the SHA-256 of the capture's name that make its key. */
    private static final int KEY_DIGITS = 16;

    /** The partition key of a capture: the first 16 hexadecimal digits of the SHA-256 of its name. */
    static String key(String capture) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(capture.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash).substring(0, KEY_DIGITS);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }

    /** {@link #key} in Spark SQL: {@code substr(sha2(capture, 256), 1, 16)}. */
    static Column keyColumn() {
        return functions.substring(functions.sha2(functions.col(AnalysisTables.CAPTURE), 256), 1, KEY_DIGITS);
    }

    /**
     * Writes one table of a run to {@code dir}.
     *
     * @param rows the table's rows, {@code capture} first
     * @param captures every capture of the run
     * @param withRows the captures that have rows in {@code rows}
     */
    static void write(SparkSession spark, Dataset<Row> rows, Path dir, Collection<String> captures,
                      Set<String> withRows) throws IOException {
        if (captures.isEmpty()) {
            return;
        }
        FileSystem fs = dir.getFileSystem(spark.sparkContext().hadoopConfiguration());
        for (String capture : captures) {
            if (!withRows.contains(capture)) {
                fs.delete(partition(dir, capture), true);
            }
        }
        if (withRows.isEmpty()) {
            rows.limit(0).coalesce(1).write().mode(SaveMode.Overwrite).option("compression", "zstd")
                    .parquet(partition(dir, captures.iterator().next()).toString());
        } else {
            rows.withColumn(KEY, keyColumn()).write().mode(SaveMode.Overwrite)
                    .option("partitionOverwriteMode", "dynamic").option("compression", "zstd")
                    .partitionBy(KEY).parquet(dir.toString());
        }
    }

    private static Path partition(Path dir, String capture) {
        return new Path(dir, KEY + "=" + key(capture));
    }
}
