package io.rdmascope.pipeline;

import java.io.IOException;
import java.nio.file.Path;
import java.util.function.BooleanSupplier;
import java.util.function.LongConsumer;

/**
 * Something that runs a capture file through the dissection stages: {@link Dissection#run} in
 * production, a fake in tests of the sinks.
 */
@FunctionalInterface
public interface Source {
    Source CAPTURE = Dissection::run;
    /** {@link Dissection#runPipelined}: the analysis on two threads, for the command line. */
    Source PIPELINED = Dissection::runPipelined;

    DissectionResult run(Path file, FrameListener frames, io.rdmascope.pdu.PduListener pdus, LongConsumer progress,
                         BooleanSupplier cancelled) throws IOException;
}
