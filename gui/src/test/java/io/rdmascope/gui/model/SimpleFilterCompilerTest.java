package io.rdmascope.gui.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.gui.FakeCaptureModel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class SimpleFilterCompilerTest {
    private final FakeCaptureModel model = new FakeCaptureModel(Path.of("x.pcap"));
    private final SimpleFilterCompiler compiler = new SimpleFilterCompiler(model);

    private List<Long> frames(String filter) {
        List<FrameRow> rows = new ArrayList<>();
        model.load(new LoadListener() {
            @Override
            public void rows(List<FrameRow> batch) {
                rows.addAll(batch);
            }

            @Override
            public void progress(double fraction) {}
        }, () -> false);
        FrameFilter f = compiler.compile(filter);
        assertThat(f.error()).isNull();
        return rows.stream().filter(f.predicate()).map(FrameRow::number).collect(Collectors.toList());
    }

    @Test
    void termsAndCombinations() {
        assertThat(frames("violation")).containsExactly(17L, 19L, 23L, 24L);
        assertThat(frames("violation.code == \"STAG_BOUNDS\"")).containsExactly(17L);
        assertThat(frames("violation.severity == \"warning\"")).containsExactly(19L, 23L);
        assertThat(frames("transaction == t3")).containsExactly(19L, 20L, 21L);
        assertThat(frames("frame.number <= 3 || frame.number == 30")).containsExactly(1L, 2L, 3L, 30L);
        assertThat(frames("transaction && !violation && frame.number > 15")).containsExactly(16L, 18L, 20L, 21L);
        assertThat(frames("  ")).hasSize(30);
    }

    @Test
    void errorsAreMessagesNotExceptions() {
        assertThat(compiler.compile("frame.number == x").error()).contains("not a frame number");
        assertThat(compiler.compile("frame.numbr == 1").error()).contains("unknown field \"frame.numbr\"");
        assertThat(compiler.compile("violation.code == \"STAG").error()).contains("unterminated");
        assertThat(compiler.compile("violation &&").error()).contains("both sides");
        assertThat(compiler.compile("transaction < t1").error()).contains("use == or !=");
        assertThat(compiler.compile("frame.number ==").error()).contains("needs a value");
    }
}
