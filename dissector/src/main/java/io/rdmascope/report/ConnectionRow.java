package io.rdmascope.report;

import io.rdmascope.pipeline.ConnectionSummary;
import io.rdmascope.pipeline.FileAnalysis;
import io.rdmascope.rdma.RdmaConnection;
import java.util.ArrayList;
import java.util.List;

/**
 * One row of the {@link AnalysisTables#CONNECTIONS} table: an MPA connection with its FPDU count,
 * or a connection of another transport (a RoCE queue pair), as the JSON's {@code connections}
 * array lists them.
 *
 * @param mpa the MPA connection, or null
 * @param other the connection of another transport, or null
 */
public record ConnectionRow(ConnectionSummary mpa, RdmaConnection other) {
    /** The rows of an analysis in the JSON's order: the MPA connections, then the others. */
    public static List<ConnectionRow> of(FileAnalysis f) {
        List<ConnectionRow> rows = new ArrayList<>(f.connections().size() + f.rdmaConnections().size());
        for (ConnectionSummary s : f.connections()) {
            rows.add(new ConnectionRow(s, null));
        }
        for (RdmaConnection c : f.rdmaConnections()) {
            rows.add(new ConnectionRow(null, c));
        }
        return rows;
    }
}
