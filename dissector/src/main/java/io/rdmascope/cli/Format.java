package io.rdmascope.cli;

/** Output formats: text for people, JSON for programs, Parquet tables for query engines. */
enum Format {
    text, json, parquet
}
