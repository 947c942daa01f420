package io.rdmascope.spark;

import io.rdmascope.report.AnalysisTables;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The tables of {@link AnalyzeJob} as DataFrames, for a Spark shell or another job:
 * {@code RdmascopeTables.read(spark, "hdfs:///rdmascope/out").transactions()}. Each has
 * {@code capture}, the table's columns and the partition column {@code captureKey}; an empty
 * table reads as an empty DataFrame.
 * {@code frames} is null when the job was run without {@code --parquet-frames}.
 */
public record RdmascopeTables(Dataset<Row> connections, Dataset<Row> transactions, Dataset<Row> violations,
                              Dataset<Row> errors, Dataset<Row> captures, Dataset<Row> frames) {

    public static RdmascopeTables read(SparkSession spark, String dir) {
        Path frames = new Path(dir, AnalysisTables.FRAMES.name());
        boolean hasFrames;
        try {
            hasFrames = frames.getFileSystem(spark.sparkContext().hadoopConfiguration()).exists(frames);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new RdmascopeTables(
                read(spark, dir, "connections", SparkTables.schema(AnalysisTables.CONNECTIONS)),
                read(spark, dir, "transactions", SparkTables.schema(AnalysisTables.TRANSACTIONS)),
                read(spark, dir, "violations", SparkTables.schema(AnalysisTables.VIOLATIONS)),
                read(spark, dir, "errors", SparkTables.ERRORS),
                read(spark, dir, "captures", SparkTables.schema(AnalysisTables.CAPTURES)),
                hasFrames ? read(spark, dir, "frames", SparkTables.schema(AnalysisTables.FRAMES)) : null);
    }

    private static Dataset<Row> read(SparkSession spark, String dir, String table, StructType own) {
        StructType schema = DataTypes.createStructType(List.of(
                DataTypes.createStructField(AnalysisTables.CAPTURE, DataTypes.StringType, true)));
        for (StructField f : own.fields()) {
            schema = schema.add(f);
        }
        schema = schema.add(DataTypes.createStructField(LakeTables.KEY, DataTypes.StringType, true));
        return spark.read().schema(schema).parquet(new Path(dir, table).toString());
    }
}
