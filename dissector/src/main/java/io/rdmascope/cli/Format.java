package io.rdmascope.cli;

/** Output formats: text for people, JSON for programs. */
enum Format {
    text, json
}
