package io.rdmascope.net;

/** An IP address (textual, as Wireshark shows it) and a TCP port. */
public record Endpoint(String address, int port) implements Comparable<Endpoint> {
    @Override
    public String toString() {
        return address.indexOf(':') >= 0 ? "[" + address + "]:" + port : address + ":" + port;
    }

    /** Written out: the record's generated hash and equality are slower, and endpoints key every per-packet lookup. */
    @Override
    public int hashCode() {
        return address.hashCode() * 31 + port;
    }

    @Override
    public boolean equals(Object o) {
        return this == o || (o instanceof Endpoint e && port == e.port && address.equals(e.address));
    }

    @Override
    public int compareTo(Endpoint o) {
        int c = address.compareTo(o.address);
        return c != 0 ? c : Integer.compare(port, o.port);
    }
}
