package io.rdmascope.report;

import io.rdmascope.engine.FrameList;
import io.rdmascope.engine.Transaction;
import java.io.IOException;
import java.util.List;

/**
 * Where the flat fields of a transaction's JSON object go: the generator, or {@link
 * TransactionOctets}. A null string is written as {@code null}.
 */
interface TransactionFields {
    void string(String name, String value) throws IOException;

    void strings(String name, List<String> values) throws IOException;

    void number(String name, long value) throws IOException;

    void numberOrNull(String name, long value, boolean isNull) throws IOException;

    void frames(String name, FrameList frames) throws IOException;

    /** The fields of an upper-layer exchange: {@code ulp} (nested), {@code summary}, {@code operations}. */
    void upperLayer(Transaction t) throws IOException;
}
