package io.rdmascope.model;

/**
 * The host driver's side of the one-shot extension: the command table linking each advertised
 * STag to the command (the message) that posted it, and the compare the driver makes when a
 * completion arrives: the STag received against the STag it sent on that queue pair.
 */
public final class Driver {
    /** A posted one-shot command: the STag it advertised, where, in which frame, for which transaction. */
    public record Command(long stag, String connection, int direction, long frame, String transaction) {}

    /** Outcome of comparing a completion's STag with the commands the driver posted. */
    public enum Compare {
        /** An open command of this queue pair sent this STag. */
        EQUAL,
        /** No open command sent this STag. */
        UNKNOWN,
        /** The STag was sent by an open command of another queue pair. */
        OTHER_QUEUE_PAIR
    }

    private final LongMap<Command> commands = new LongMap<>();

    public void post(Command command) {
        commands.put(command.stag(), command);
    }

    public Command command(long stag) {
        return commands.get(stag);
    }

    /** Compares the STag of a completion received on (connection, direction of advertisement). */
    public Compare compare(String connection, int direction, long stagReceived) {
        Command c = commands.get(stagReceived);
        if (c == null) {
            return Compare.UNKNOWN;
        }
        return c.connection().equals(connection) && c.direction() == direction ? Compare.EQUAL : Compare.OTHER_QUEUE_PAIR;
    }

    /** The command is done (completed, or its queue pair closed). */
    public void retire(long stag) {
        commands.remove(stag);
    }

    public int openCommands() {
        return commands.size();
    }
}
