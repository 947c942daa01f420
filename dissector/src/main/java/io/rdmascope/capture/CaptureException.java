package io.rdmascope.capture;

import java.io.IOException;

/** A file that is not a readable capture, with a one-line reason meant for people. */
public class CaptureException extends IOException {
    public CaptureException(String reason) {
        super(reason);
    }

    public CaptureException(String reason, Throwable cause) {
        super(reason, cause);
    }
}
