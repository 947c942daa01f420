package io.rdmascope.spark;

import io.rdmascope.report.AnalysisTables;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The {@link AnalysisTables} as Spark types, which the command line's Parquet writer matches:
 * STags and tagged offsets are {@code BIGINT}s holding their 64 bits, times {@code TIMESTAMP}s
 * (microseconds) beside a {@code BIGINT} column of nanoseconds.
 *
 * <p>The job hands Spark plain Java values only, so that one jar runs on every Scala build of
 * Spark: lists as Java arrays, and maps, which Spark's row encoder takes only as Scala maps, as
 * arrays of key and value entries ({@link #carried}) that {@link #columns} turns into maps.
 */
final class SparkTables {
    private SparkTables() {}

    static DataType type(AnalysisTables.Type t) {
        return switch (t) {
            case STRING -> DataTypes.StringType;
            case INT32 -> DataTypes.IntegerType;
            case INT64, UINT64 -> DataTypes.LongType;
            case BOOLEAN -> DataTypes.BooleanType;
            case TIMESTAMP_NANOS -> DataTypes.TimestampType;
            case INT64_LIST -> DataTypes.createArrayType(DataTypes.LongType, false);
            case STRING_LIST -> DataTypes.createArrayType(DataTypes.StringType, false);
            case STRING_MAP -> DataTypes.createMapType(DataTypes.StringType, DataTypes.StringType, true);
        };
    }

    /** A map column as the job's rows carry it: its entries. */
    static final ArrayType ENTRIES = DataTypes.createArrayType(DataTypes.createStructType(List.of(
            DataTypes.createStructField("key", DataTypes.StringType, false),
            DataTypes.createStructField("value", DataTypes.StringType, true))), false);

    /** A table's own columns (without {@code capture}), as written. */
    static <T> StructType schema(AnalysisTables.Table<T> table) {
        List<StructField> fields = new ArrayList<>();
        for (AnalysisTables.Column<T> c : table.columns()) {
            fields.add(DataTypes.createStructField(c.name(), type(c.type()), true));
        }
        return DataTypes.createStructType(fields);
    }

    /** A table's own columns as the job's rows carry them: maps as {@link #ENTRIES}. */
    static <T> StructType carried(AnalysisTables.Table<T> table) {
        List<StructField> fields = new ArrayList<>();
        for (AnalysisTables.Column<T> c : table.columns()) {
            DataType t = c.type() == AnalysisTables.Type.STRING_MAP ? ENTRIES : type(c.type());
            fields.add(DataTypes.createStructField(c.name(), t, true));
        }
        return DataTypes.createStructType(fields);
    }

    /**
     * The columns of the struct column {@code struct} of type {@code carried}, each under its own
     * name, with the {@link #ENTRIES} made maps again.
     */
    static List<Column> columns(String struct, StructType carried) {
        List<Column> out = new ArrayList<>();
        for (StructField f : carried.fields()) {
            Column c = functions.col(struct + "." + f.name());
            out.add((f.dataType().equals(ENTRIES) ? functions.map_from_entries(c) : c).as(f.name()));
        }
        return out;
    }

    /** The errors table's own column: why the capture could not be analysed. */
    static final StructType ERRORS = DataTypes.createStructType(List.of(
            DataTypes.createStructField("message", DataTypes.StringType, false)));

    /** The values of one record as the job's rows carry them ({@link #carried}). */
    static <T> Object[] values(AnalysisTables.Table<T> table, T record) {
        List<AnalysisTables.Column<T>> cs = table.columns();
        Object[] raw = new Object[cs.size()];
        for (int i = 0; i < raw.length; i++) {
            raw[i] = cs.get(i).value().apply(record);
        }
        return converted(table, raw);
    }

    /** The column values of one record of {@code table}, converted in place as {@link #values} does. */
    static Object[] converted(AnalysisTables.Table<?> table, Object[] raw) {
        List<? extends AnalysisTables.Column<?>> cs = table.columns();
        for (int i = 0; i < raw.length; i++) {
            AnalysisTables.Column<?> c = cs.get(i);
            Object v = raw[i];
            raw[i] = v == null ? null : value(c.type(), v);
        }
        return raw;
    }

    private static Object value(AnalysisTables.Type t, Object v) {
        switch (t) {
            case TIMESTAMP_NANOS:
                long nanos = (Long) v;
                Timestamp ts = new Timestamp(Math.floorDiv(nanos, 1_000_000L));
                ts.setNanos((int) Math.floorMod(nanos, 1_000_000_000L));
                return ts;
            case INT64_LIST:
                long[] frames = (long[]) v;
                Long[] boxed = new Long[frames.length];
                for (int i = 0; i < frames.length; i++) {
                    boxed[i] = frames[i];
                }
                return boxed;
            case STRING_LIST:
                return ((List<?>) v).toArray(new String[0]);
            case STRING_MAP:
                Map<?, ?> map = (Map<?, ?>) v;
                Row[] entries = new Row[map.size()];
                int i = 0;
                for (Map.Entry<?, ?> e : map.entrySet()) {
                    entries[i++] = RowFactory.create(e.getKey(), e.getValue());
                }
                return entries;
            default:
                return v;
        }
    }
}
