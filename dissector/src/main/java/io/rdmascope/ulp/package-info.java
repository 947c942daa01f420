/**
 * Upper-layer protocols that advertise STags inside their payloads: {@link io.rdmascope.ulp.Ulp}
 * and the decoders of each protocol, in sub-packages. The layouts are in {@code ksy/}; the
 * decoders read them through the generated parsers and judge nothing.
 */
package io.rdmascope.ulp;
