package io.rdmascope.gui.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.engine.NicSettings;
import io.rdmascope.gui.FakeCaptureModel;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class NicStatesTest {
    private final FakeCaptureModel model = new FakeCaptureModel(Path.of("x.pcap"));

    @Test
    void stagIsBoundFromItsInitiationUntilItsCompletion() {
        assertThat(NicStates.at(5, model.transactions(), NicSettings.DEFAULTS).endpoints()).isEmpty();
        NicState s6 = NicStates.at(6, model.transactions(), NicSettings.DEFAULTS);
        assertThat(s6.endpoints()).hasSize(1);
        NicState.EndpointState a = s6.endpoints().get(0);
        assertThat(a.endpoint()).isEqualTo("10.0.0.1:40000");
        assertThat(a.stags().get(0).state()).isEqualTo(NicState.StagState.VALID);
        assertThat(a.stags().get(0).accessText()).isEqualTo("write");
        assertThat(a.pools()).containsExactly(new NicState.PoolEntry("c1", 1, 64, 1, 0, 32));

        NicState s9 = NicStates.at(9, model.transactions(), NicSettings.DEFAULTS);
        assertThat(s9.endpoints().get(0).stags().get(0).state()).isEqualTo(NicState.StagState.INVALIDATED);
        assertThat(s9.endpoints().get(0).pools().get(0).inUse()).isZero();

        NicState s20 = NicStates.at(20, model.transactions(), new NicSettings(4, 2, false));
        assertThat(s20.endpoints()).extracting(NicState.EndpointState::endpoint)
                .containsExactly("10.0.0.1:40000", "10.0.0.3:40001");
        assertThat(s20.endpoints().get(0).pools()).containsExactly(new NicState.PoolEntry("c1", 1, 4, 0, 1, 2));
        assertThat(s20.endpoints().get(1).stags().get(0).state()).isEqualTo(NicState.StagState.INVALIDATED);
    }
}
