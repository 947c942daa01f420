package io.rdmascope.engine;

/** The message that completed a one-shot transaction. */
public enum CompletionKind {
    SEND_WITH_INVALIDATE("send_with_invalidate"),
    SEND_SE_WITH_INVALIDATE("send_se_with_invalidate"),
    SEND_SV("send_sv");

    public final String jsonName;

    CompletionKind(String jsonName) {
        this.jsonName = jsonName;
    }
}
