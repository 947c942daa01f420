package io.rdmascope.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Filters of any length neither overflow the stack while parsed nor while evaluated. */
class DisplayFilterDepthTest {
    static FilterContext frame(long n) {
        return DisplayFilterTest.ctx("frame.number", n);
    }

    @Test
    void longChainsOfOrAndAndAreEvaluatedWithoutDeepRecursion() throws Exception {
        StringBuilder or = new StringBuilder("frame.number == 0");
        StringBuilder and = new StringBuilder("frame.number > 0");
        for (int i = 1; i <= 200_000; i++) {
            or.append(" || frame.number == ").append(i);
            and.append(" && frame.number != ").append(i + 1);
        }
        DisplayFilter o = DisplayFilter.compile(or.toString());
        assertThat(o.test(frame(200_000))).isTrue();
        assertThat(o.test(frame(200_001))).isFalse();
        DisplayFilter a = DisplayFilter.compile(and.toString());
        assertThat(a.test(frame(1))).isTrue();
        assertThat(a.test(frame(7))).isFalse();
    }

    @Test
    void manyNegationsCollapse() throws Exception {
        assertThat(DisplayFilter.compile("!".repeat(100_001) + "frame.number == 3").test(frame(3))).isFalse();
        assertThat(DisplayFilter.compile("!".repeat(100_000) + "frame.number == 3").test(frame(3))).isTrue();
        assertThat(DisplayFilter.compile("! !(frame.number == 3) && !!frame.number").test(frame(3))).isTrue();
    }

    @Test
    void deepParenthesesAreAMistakeWithAColumnNotAStackOverflow() throws Exception {
        String ok = "(".repeat(100) + "frame.number == 3" + ")".repeat(100);
        assertThat(DisplayFilter.compile(ok).test(frame(3))).isTrue();
        String deep = "(".repeat(100_000) + "frame.number == 3" + ")".repeat(100_000);
        assertThatThrownBy(() -> DisplayFilter.compile(deep)).isInstanceOf(FilterException.class)
                .hasMessageContaining("column 101").hasMessageContaining("nested more than 100 deep");
        String deepNot = "!(".repeat(50_000) + "frame.number" + ")".repeat(50_000);
        assertThatThrownBy(() -> DisplayFilter.compile(deepNot)).isInstanceOf(FilterException.class);
    }
}
