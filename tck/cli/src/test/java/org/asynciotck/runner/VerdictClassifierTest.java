package org.asynciotck.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CompletionException;
import org.asynciotck.spi.ImplementationFailure;
import org.asynciotck.spi.ImplementationFailure.Kind;
import org.asynciotck.steps.NotApplicable;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.opentest4j.TestAbortedException;

class VerdictClassifierTest {

    @Test
    void successIsAPassWithoutMessage() {
        assertThat(VerdictClassifier.classify(TestExecutionResult.successful()))
                .isEqualTo(new VerdictClassifier.Classified(Verdict.PASS, ""));
    }

    @Test
    void implementationFailureKindsMapToCrashedTimedOutAndError() {
        assertThat(verdictOf(new ImplementationFailure(Kind.CRASHED, "crashed (signal 11)", ""))).isEqualTo(Verdict.CRASHED);
        assertThat(verdictOf(new ImplementationFailure(Kind.TIMED_OUT, "no answer in 10s", ""))).isEqualTo(Verdict.TIMED_OUT);
        assertThat(verdictOf(new ImplementationFailure(Kind.PROTOCOL_ERROR, "bad json", ""))).isEqualTo(Verdict.ERROR);
    }

    @Test
    void implementationFailureIsFoundBehindAWrapperAndKeepsItsDiagnostics() {
        var wrapped = new CompletionException(new ImplementationFailure(Kind.CRASHED, "crashed (signal 11)", "Fatal Python error"));

        var classified = VerdictClassifier.classify(TestExecutionResult.failed(wrapped));

        assertThat(classified.verdict()).isEqualTo(Verdict.CRASHED);
        assertThat(classified.message()).isEqualTo("crashed (signal 11)\ndiagnostics:\nFatal Python error");
    }

    @Test
    void theNotApplicableTypeIsNotApplicableButAnyOtherAbortIsAnErrorWhateverItsMessage() {
        var notApplicable = TestExecutionResult.aborted(new NotApplicable("needs ready-queue"));
        var otherAbort = TestExecutionResult.aborted(new TestAbortedException("TODO: implement me"));
        var lookalike = TestExecutionResult.aborted(new TestAbortedException("not applicable: says the message only"));

        assertThat(VerdictClassifier.classify(notApplicable))
                .isEqualTo(new VerdictClassifier.Classified(Verdict.NOT_APPLICABLE, "not applicable: needs ready-queue"));
        assertThat(VerdictClassifier.classify(otherAbort).verdict()).isEqualTo(Verdict.ERROR);
        assertThat(VerdictClassifier.classify(lookalike).verdict()).isEqualTo(Verdict.ERROR);
    }

    @Test
    void assertionErrorIsAFailWithItsMessage() {
        var classified = VerdictClassifier.classify(
                TestExecutionResult.failed(new AssertionError("[LOOP-1] ref: expected [a], observed [b]")));

        assertThat(classified).isEqualTo(
                new VerdictClassifier.Classified(Verdict.FAIL, "[LOOP-1] ref: expected [a], observed [b]"));
    }

    @Test
    void anythingElseIsAnErrorNamingTheException() {
        var classified = VerdictClassifier.classify(TestExecutionResult.failed(new IllegalStateException("no session")));

        assertThat(classified.verdict()).isEqualTo(Verdict.ERROR);
        assertThat(classified.message()).isEqualTo("java.lang.IllegalStateException: no session");
    }

    @Test
    void worstVerdictFollowsTheDocumentedOrder() {
        assertThat(Verdict.worstOf(List.of(Verdict.PASS, Verdict.FAIL, Verdict.ERROR))).isEqualTo(Verdict.ERROR);
        assertThat(Verdict.worstOf(List.of(Verdict.ERROR, Verdict.TIMED_OUT))).isEqualTo(Verdict.TIMED_OUT);
        assertThat(Verdict.worstOf(List.of(Verdict.TIMED_OUT, Verdict.CRASHED))).isEqualTo(Verdict.CRASHED);
        assertThat(Verdict.worstOf(List.of(Verdict.NOT_APPLICABLE, Verdict.PASS))).isEqualTo(Verdict.PASS);
        assertThat(Verdict.worstOf(List.of(Verdict.NOT_APPLICABLE, Verdict.NOT_APPLICABLE)))
                .isEqualTo(Verdict.NOT_APPLICABLE);
    }

    private static Verdict verdictOf(Throwable thrown) {
        return VerdictClassifier.classify(TestExecutionResult.failed(thrown)).verdict();
    }
}
