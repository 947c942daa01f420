package io.rdmascope.ulp.rpc;

import io.kaitai.struct.KaitaiStream;
import io.rdmascope.ksy.Nfs;
import io.rdmascope.ksy.OncRpc;
import java.nio.BufferUnderflowException;
import java.util.ArrayList;
import java.util.List;

/**
 * Names the calls of one connection from their ONC RPC call header and arguments: NFSv3 by its
 * procedure, an NFSv4 COMPOUND or CB_COMPOUND by its operations ({@code ksy/nfs.ksy}), other
 * programs by their numbers.
 *
 * <p>The NFSv4 callback program has no fixed number: the client names it in CREATE_SESSION,
 * BACKCHANNEL_CTL or SETCLIENTID. Those seen on the connection are remembered, beside the number
 * Linux clients use; an NFSv4.1 server calls it on the same connection (the backchannel).
 */
final class CallNames {
    static final long NFS = 100003;
    /** The callback program number of the Linux NFS client (NFS4_CALLBACK). */
    static final long NFS4_CALLBACK = 0x40000000L;
    /** The most callback program numbers remembered for one connection. */
    private static final int MAX_CALLBACK_PROGRAMS = 8;

    /** What a call is: the {@code procedure} field, and the words that begin its summary. */
    record Name(String procedure, String title) {
        static Name of(String procedure) {
            return new Name(procedure, procedure);
        }
    }

    private final List<Long> callbackPrograms = new ArrayList<>(List.of(NFS4_CALLBACK));

    /**
     * Names a call whose arguments start at the position of {@code io}, positions counting from the
     * start of the RPC message.
     *
     * @param chunks where the call's read chunks took data out of the inline stream
     * @param whole whether {@code io} ends where the message ends (not where the kept octets end)
     * @param problems receives what does not hold together in the arguments
     */
    Name name(OncRpc.CallBody call, KaitaiStream io, ReadChunks chunks, boolean whole, List<String> problems) {
        long prog = call.prog();
        long vers = call.vers();
        long proc = call.proc();
        String program = programName(prog, vers);
        String gssControl = null;
        OncRpc.RpcGssService service = null;
        if (call.cred().body() instanceof OncRpc.RpcsecGssCred gss) {
            if (gss.gssProc() != OncRpc.RpcGssProc.RPCSEC_GSS_DATA) {
                gssControl = gss.gssProc() == null ? "RPCSEC_GSS control procedure" : gss.gssProc().name();
            }
            service = gss.service();
        }
        Name name;
        if (program == null) {
            name = Name.of("program " + prog + " procedure " + proc);
        } else if (proc == 0) {
            name = new Name("NULL", program + " NULL");
        } else if (gssControl == null && isCompound(prog, vers, proc)) {
            name = Name.of(compound(prog == NFS, io, chunks, service, whole, problems));
        } else if (prog == NFS && vers == 3) {
            Nfs.Nfs3Proc p = Nfs.Nfs3Proc.byId(proc);
            name = Name.of(p == null ? "NFSv3 procedure " + proc : "NFSv3 " + p.name());
        } else {
            name = Name.of(program + " procedure " + proc);
        }
        if (gssControl != null) {
            return new Name(name.procedure + " (" + gssControl + ")", name.title + " (" + gssControl + ")");
        }
        return name;
    }

    private String programName(long prog, long vers) {
        if (prog == NFS) {
            return "NFSv" + vers;
        }
        return callbackPrograms.contains(prog) ? "NFSv4 callback" : null;
    }

    /** Procedure 1 of NFSv4 (COMPOUND) and of the callback program, any version (CB_COMPOUND). */
    private static boolean isCompound(long prog, long vers, long proc) {
        return proc == 1 && (prog != NFS || vers == 4);
    }

    /** "NFSv4.1 COMPOUND: SEQUENCE PUTFH READ", or "NFSv4.1 CB_COMPOUND: CB_SEQUENCE CB_RECALL". */
    private String compound(boolean forward, KaitaiStream io, ReadChunks chunks, OncRpc.RpcGssService service,
                            boolean whole, List<String> problems) {
        String what = forward ? "COMPOUND" : "CB_COMPOUND";
        if (service == OncRpc.RpcGssService.RPC_GSS_SVC_PRIVACY) {
            return "NFSv4 " + what + " (arguments encrypted, RPCSEC_GSS privacy)";
        }
        long minor;
        long numops;
        try {
            if (service == OncRpc.RpcGssService.RPC_GSS_SVC_INTEGRITY) {
                new OncRpc.RpcGssIntegHead(io);
            }
            if (forward) {
                Nfs.Compound4argsHead head = new Nfs.Compound4argsHead(io);
                minor = head.minorversion();
                numops = head.numops();
            } else {
                Nfs.CbCompound4argsHead head = new Nfs.CbCompound4argsHead(io);
                minor = head.minorversion();
                numops = head.numops();
            }
        } catch (BufferUnderflowException | KaitaiStream.KaitaiStructError e) {
            if (whole) {
                problems.add(what + " arguments run past the end of the message");
            }
            return "NFSv4 " + what + " (arguments not decoded)";
        }
        StringBuilder b = new StringBuilder(64).append("NFSv4.").append(minor).append(' ').append(what);
        if (numops == 0) {
            return b.append(" with no operations").toString();
        }
        b.append(':');
        Operations ops = operations(forward, io, chunks, numops, b);
        if (ops.named < numops) {
            b.append(", ").append(numops - ops.named).append(" more unknown");
        }
        if (whole && ops.ranOut) {
            problems.add(what + " numops is " + numops + " but the operations run past the end of the message");
        }
        return b.toString();
    }

    /** How many operations were named, and whether the octets ended before the operations did. */
    private record Operations(long named, boolean ranOut) {}

    /**
     * Appends the names of up to {@code numops} operations read from {@code io}, stopping after one
     * whose arguments cannot be stepped over or that the octets cut off.
     */
    private Operations operations(boolean forward, KaitaiStream io, ReadChunks chunks, long numops, StringBuilder b) {
        for (long i = 0; i < numops; i++) {
            int start = (int) io.pos();
            if (io.size() - start < 4) {
                return new Operations(i, true);
            }
            Enum<?> op = null;
            Object args = null;
            boolean ranOut = false;
            try {
                if (forward) {
                    Nfs.NfsArgop4 o = new Nfs.NfsArgop4(io, chunks.nextAt(start));
                    op = o.argop();
                    args = o.args();
                } else {
                    Nfs.NfsCbArgop4 o = new Nfs.NfsCbArgop4(io);
                    op = o.argop();
                    args = o.args();
                }
            } catch (BufferUnderflowException e) {
                ranOut = true;
            } catch (KaitaiStream.KaitaiStructError e) {
                // A union discriminator outside the values described: the arguments cannot be stepped over.
            }
            if (op == null || args instanceof Nfs.NotSteppedOver) {
                // Named from the argop word that begins every operation; nothing after it can be found.
                io.seek(start);
                b.append(' ').append(opName(forward, io.readU4be()));
                return new Operations(i + 1, ranOut);
            }
            b.append(' ').append(op.name());
            learnCallbackProgram(args);
        }
        return new Operations(numops, false);
    }

    private static String opName(boolean forward, long argop) {
        Enum<?> e = forward ? Nfs.NfsOpnum4.byId(argop) : Nfs.NfsCbOpnum4.byId(argop);
        return e == null ? "UNKNOWN(" + argop + ")" : e.name();
    }

    private void learnCallbackProgram(Object args) {
        long prog;
        if (args instanceof Nfs.CreateSession4args a) {
            prog = a.cbProgram();
        } else if (args instanceof Nfs.BackchannelCtl4args a) {
            prog = a.cbProgram();
        } else if (args instanceof Nfs.Setclientid4args a) {
            prog = a.cbProgram();
        } else {
            return;
        }
        if (prog != NFS && !callbackPrograms.contains(prog) && callbackPrograms.size() < MAX_CALLBACK_PROGRAMS) {
            callbackPrograms.add(prog);
        }
    }
}
