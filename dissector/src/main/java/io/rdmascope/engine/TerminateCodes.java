package io.rdmascope.engine;

/**
 * Names of the Terminate message's Layer, Error Type and Error Code (RFC 5040 section 4.8 for the
 * RDMAP layer, RFC 5041 section 7 for DDP, RFC 5044 section 8 and RFC 6581 for the LLP, MPA).
 */
public final class TerminateCodes {
    private TerminateCodes() {}

    public static final int LAYER_RDMAP = 0, LAYER_DDP = 1, LAYER_LLP = 2;

    public static String layer(int layer) {
        switch (layer) {
            case LAYER_RDMAP: return "RDMAP layer";
            case LAYER_DDP: return "DDP layer";
            case LAYER_LLP: return "LLP layer (MPA)";
            default: return "layer " + layer;
        }
    }

    public static String errorType(int layer, int type) {
        switch (layer) {
            case LAYER_RDMAP:
                switch (type) {
                    case 0: return "Local Catastrophic Error";
                    case 1: return "Remote Protection Error";
                    case 2: return "Remote Operation Error";
                    default: break;
                }
                break;
            case LAYER_DDP:
                switch (type) {
                    case 0: return "Local Catastrophic Error";
                    case 1: return "Tagged Buffer Error";
                    case 2: return "Untagged Buffer Error";
                    case 3: return "Reserved for the RDDP layer above";
                    default: break;
                }
                break;
            case LAYER_LLP:
                if (type == 0) {
                    return "MPA Error";
                }
                break;
            default:
                break;
        }
        return "error type 0x" + Integer.toHexString(type);
    }

    public static String errorCode(int layer, int type, int code) {
        String s = null;
        if (layer == LAYER_RDMAP) {
            if (type == 0) {
                s = code == 0 ? "Local Catastrophic" : null;
            } else if (type == 1) {
                switch (code) {
                    case 0x00: s = "Invalid STag"; break;
                    case 0x01: s = "Base or bounds violation"; break;
                    case 0x02: s = "Access rights violation"; break;
                    case 0x03: s = "STag not associated with RDMAP Stream"; break;
                    case 0x04: s = "TO wrap"; break;
                    case 0x09: s = "STag cannot be invalidated"; break;
                    case 0xFF: s = "Unspecified Error"; break;
                    default: break;
                }
            } else if (type == 2) {
                switch (code) {
                    case 0x05: s = "Invalid RDMAP version"; break;
                    case 0x06: s = "Unexpected OpCode"; break;
                    case 0x07: s = "Catastrophic error, localized to RDMAP Stream"; break;
                    case 0x08: s = "Catastrophic error, global"; break;
                    case 0x09: s = "STag cannot be invalidated"; break;
                    case 0xFF: s = "Unspecified Error"; break;
                    default: break;
                }
            }
        } else if (layer == LAYER_DDP) {
            if (type == 1) {
                switch (code) {
                    case 0x00: s = "Invalid STag"; break;
                    case 0x01: s = "Base or bounds violation"; break;
                    case 0x02: s = "STag not associated with DDP Stream"; break;
                    case 0x03: s = "TO wrap"; break;
                    case 0x04: s = "Invalid DDP version"; break;
                    default: break;
                }
            } else if (type == 2) {
                switch (code) {
                    case 0x01: s = "Invalid QN"; break;
                    case 0x02: s = "Invalid MSN, no buffer available"; break;
                    case 0x03: s = "Invalid MSN, MSN range is not valid"; break;
                    case 0x04: s = "Invalid MO"; break;
                    case 0x05: s = "DDP Message too long for available buffer"; break;
                    case 0x06: s = "Invalid DDP version"; break;
                    default: break;
                }
            } else if (type == 0 && code == 0) {
                s = "Local Catastrophic";
            }
        } else if (layer == LAYER_LLP && type == 0) {
            switch (code) {
                case 0x01: s = "TCP connection lost"; break;
                case 0x02: s = "Received MPA CRC does not match"; break;
                case 0x03: s = "Marker and ULPDU Length do not agree on the start of an FPDU"; break;
                case 0x04: s = "Invalid MPA Request or Reply"; break;
                case 0x05: s = "Local catastrophic error"; break;
                case 0x06: s = "Insufficient IRD resources"; break;
                case 0x07: s = "No matching RTR"; break;
                default: break;
            }
        }
        return s != null ? s : "error code 0x" + Integer.toHexString(code);
    }

    /** "RDMAP layer, Remote Protection Error, Invalid STag". */
    public static String describe(int layer, int type, int code) {
        return layer(layer) + ", " + errorType(layer, type) + ", " + errorCode(layer, type, code);
    }

    /** The document that defines the codes of a layer. */
    public static String reference(int layer) {
        switch (layer) {
            case LAYER_DDP: return "RFC 5041 section 7";
            case LAYER_LLP: return "RFC 5044 section 8";
            default: return "RFC 5040 section 4.8";
        }
    }
}
