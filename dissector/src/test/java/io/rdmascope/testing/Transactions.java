package io.rdmascope.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

/** Picks transactions of one kind out of an {@code analyze --format json} file object. */
public final class Transactions {
    private Transactions() {}

    /** The file's transactions of {@code kind} ("oneshot", "read", ...), in the report's order. */
    public static ArrayNode ofKind(JsonNode file, String kind) {
        ArrayNode out = JsonNodeFactory.instance.arrayNode();
        for (JsonNode t : file.get("transactions")) {
            if (kind.equals(t.path("kind").asText())) {
                out.add(t);
            }
        }
        return out;
    }

    /** The file's one-shot transactions. */
    public static ArrayNode oneShots(JsonNode file) {
        return ofKind(file, "oneshot");
    }
}
