package io.rdmascope.spark;

import org.apache.spark.sql.SparkSession;

/** The one Spark session of the module's tests: local mode on two cores, without the web UI. */
final class LocalSpark {
    private LocalSpark() {}

    private static SparkSession session;

    static synchronized SparkSession get() {
        if (session == null) {
            session = SparkSession.builder()
                    .master("local[2]")
                    .appName("rdmascope tests")
                    .config("spark.ui.enabled", "false")
                    .config("spark.driver.host", "127.0.0.1")
                    .config("spark.sql.shuffle.partitions", "2")
                    .getOrCreate();
            session.sparkContext().setLogLevel("WARN");
        }
        return session;
    }
}
