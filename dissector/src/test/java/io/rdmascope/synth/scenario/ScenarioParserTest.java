package io.rdmascope.synth.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import org.junit.jupiter.api.Test;

class ScenarioParserTest {

    @Test
    void exampleParsesWithEveryStepKind() throws Exception {
        Scenario s;
        try (InputStream in = getClass().getResourceAsStream("/io/rdmascope/synth/example.yaml")) {
            s = new ScenarioParser().parse(in, "example.yaml");
        }
        assertThat(s.hosts).hasSize(2);
        assertThat(s.connections).hasSize(2);
        assertThat(s.connections.get(0).isn).isEqualTo(4294967000L);
        assertThat(s.steps.stream().map(Step::kind).distinct())
                .contains("advertise", "write", "read", "send", "complete", "terminate", "close", "immediate", "atomic", "wait");
        Step.Advertise a = (Step.Advertise) s.steps.get(0);
        assertThat(a.stag).isEqualTo(0x1234L);
        assertThat(a.line).isEqualTo(34);
        assertThat(s.connections.get(1).line).isEqualTo(25);
    }

    private static void fails(String yaml, String message) {
        assertThatThrownBy(() -> TestPcap.parse(yaml)).isInstanceOf(ScenarioException.class).hasMessage(message);
    }

    @Test
    void unknownFieldInAStepNamesLineAndStep() {
        fails(TestPcap.HEAD + "  - send: {conn: c1, length: 5}\n  - write:\n      conn: c1\n      stag: 1\n      lenght: 4\n",
                "scenario.yaml line 11: step 'write': unknown field 'lenght' (known fields: conn, cuts, faults, from, length, raw, "
                        + "segment, stag, to)");
    }

    @Test
    void undefinedConnection() {
        fails(TestPcap.HEAD + "  - send: {conn: c1}\n  - send: {conn: c9}\n",
                "scenario.yaml line 8: step 'send': connection 'c9' is not defined");
    }

    @Test
    void unknownStepKind() {
        fails(TestPcap.HEAD + "  - sned: {conn: c1}\n",
                "scenario.yaml line 7: unknown step 'sned' (steps are: connect, advertise, write, read, send, complete, "
                        + "terminate, close, immediate, atomic, wait)");
    }

    @Test
    void missingField() {
        fails(TestPcap.HEAD + "  - advertise: {conn: c1, to: 0, length: 10}\n",
                "scenario.yaml line 7: step 'advertise': missing field 'stag'");
    }

    @Test
    void wrongType() {
        fails(TestPcap.HEAD + "  - write: {conn: c1, stag: 1, length: lots}\n",
                "scenario.yaml line 7: step 'write': field 'length': cannot read 'lots' as a whole number");
    }

    @Test
    void unknownFaultKind() {
        assertThatThrownBy(() -> TestPcap.parse(TestPcap.HEAD + "  - send: {conn: c1, faults: [{kind: explode}]}\n"))
                .isInstanceOf(ScenarioException.class)
                .hasMessageStartingWith("scenario.yaml line 7: step 'send': field 'kind': cannot read 'explode' as one of bad-crc");
    }

    @Test
    void undefinedHostInConnection() {
        fails("hosts:\n  - {name: a, ip: 10.0.0.1}\nconnections:\n  - {name: c1, from: a:1, to: z:2}\n",
                "scenario.yaml line 4: connection 'c1': to: host 'z' is not defined");
    }

    @Test
    void unknownTopLevelField() {
        fails("hostz: []\n", "scenario.yaml line 1: unknown field 'hostz' (known fields: connections, description, hosts, "
                + "name, nanos, seed, start, steps, tick)");
    }

    @Test
    void senderMustBeAnEnd() {
        fails("hosts:\n  - {name: a, ip: 10.0.0.1}\n  - {name: b, ip: 10.0.0.2}\n  - {name: x, ip: 10.0.0.3}\n"
                        + "connections:\n  - {name: c1, from: a:1, to: b:2}\nsteps:\n  - send: {conn: c1, from: x}\n",
                "scenario.yaml line 8: step 'send': from 'x' is not an end of connection 'c1' (use a, b, initiator or responder)");
    }

    @Test
    void badYaml() {
        assertThatThrownBy(() -> TestPcap.parse("hosts: [\n")).isInstanceOf(ScenarioException.class)
                .hasMessageStartingWith("scenario.yaml line");
    }
}
