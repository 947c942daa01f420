package io.rdmascope.report;

import com.github.luben.zstd.Zstd;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * The zstd compression of Parquet pages through zstd-jni directly, for the command line's files
 * ({@link ParquetTablesWriter}) and for reading them back. Parquet's own codecs are Hadoop
 * classes, and the command line runs without Hadoop; a zstd page is a plain zstd frame, which is
 * what zstd-jni writes and reads.
 */
public final class ZstdPages implements CompressionCodecFactory {
    /** zstd's default level, as Spark's writer uses. */
    private static final int LEVEL = 3;

    private static final BytesInputCompressor COMPRESSOR = new BytesInputCompressor() {
        @Override
        public BytesInput compress(BytesInput bytes) throws IOException {
            return BytesInput.from(Zstd.compress(bytes.toByteArray(), LEVEL));
        }

        @Override
        public CompressionCodecName getCodecName() {
            return CompressionCodecName.ZSTD;
        }

        @Override
        public void release() {
            // nothing held
        }
    };

    private static final BytesInputDecompressor DECOMPRESSOR = new BytesInputDecompressor() {
        @Override
        public BytesInput decompress(BytesInput bytes, int uncompressedSize) throws IOException {
            return BytesInput.from(Zstd.decompress(bytes.toByteArray(), uncompressedSize));
        }

        @Override
        public void decompress(ByteBuffer input, int compressedSize, ByteBuffer output, int uncompressedSize) {
            byte[] compressed = new byte[compressedSize];
            input.get(compressed);
            output.put(Zstd.decompress(compressed, uncompressedSize));
        }

        @Override
        public void release() {
            // nothing held
        }
    };

    @Override
    public BytesInputCompressor getCompressor(CompressionCodecName codec) {
        return switch (codec) {
            case ZSTD -> COMPRESSOR;
            default -> throw new IllegalArgumentException("only zstd is written, not " + codec);
        };
    }

    @Override
    public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
        return switch (codec) {
            case ZSTD -> DECOMPRESSOR;
            default -> throw new IllegalArgumentException("only zstd is read, not " + codec);
        };
    }

    @Override
    public void release() {
        // nothing held
    }
}
