package io.rdmascope.pipeline;

import io.rdmascope.mpa.MpaConnection;

/** An MPA connection as it stood at the end of the capture, with how many FPDUs it carried. */
public record ConnectionSummary(MpaConnection connection, long fpdus) {
    public String id() {
        return connection.id();
    }
}
