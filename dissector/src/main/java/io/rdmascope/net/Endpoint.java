package io.rdmascope.net;

/** An IP address (textual, as Wireshark shows it) and a TCP port. */
public record Endpoint(String address, int port) implements Comparable<Endpoint> {
    @Override
    public String toString() {
        return address.indexOf(':') >= 0 ? "[" + address + "]:" + port : address + ":" + port;
    }

    @Override
    public int compareTo(Endpoint o) {
        int c = address.compareTo(o.address);
        return c != 0 ? c : Integer.compare(port, o.port);
    }
}
