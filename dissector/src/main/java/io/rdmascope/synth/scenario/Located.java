package io.rdmascope.synth.scenario;

import com.fasterxml.jackson.annotation.JsonIgnore;

/** A scenario element that remembers the line of the scenario file it was read from. */
public abstract class Located {
    @JsonIgnore
    public int line;
}
