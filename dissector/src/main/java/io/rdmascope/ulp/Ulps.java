package io.rdmascope.ulp;

import io.rdmascope.ulp.iser.Iser;
import io.rdmascope.ulp.nvme.NvmeRdma;
import io.rdmascope.ulp.rpc.RpcRdma;
import io.rdmascope.ulp.smb.SmbDirect;
import io.rdmascope.ulp.tools.Perftest;
import io.rdmascope.ulp.tools.Rping;
import io.rdmascope.ulp.tools.Rsockets;
import java.util.List;

/** The upper-layer protocols rdmascope decodes, in the order they are tried on a connection. */
public final class Ulps {
    private Ulps() {}

    /** Every protocol: those with a registered port first, then those recognised by shape only. */
    public static List<Ulp> all() {
        return ALL;
    }

    private static final List<Ulp> ALL = List.of(new RpcRdma(), new NvmeRdma(), new Iser(), new SmbDirect(),
            new Rsockets(), new Perftest(), new Rping());
}
