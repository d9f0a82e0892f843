package org.asynciotck.samplesteps;

import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import org.asynciotck.spi.ImplementationFailure;
import org.asynciotck.spi.LoopImplementation;
import org.asynciotck.steps.RunScope;
import org.asynciotck.steps.NotApplicable;

/** Glue for tck/cli/src/test/resources/samplefeatures only: one pass, one fail, one abort, one crash. */
public final class SampleSteps {

    private LoopImplementation impl;

    @Given("the implementation is ready")
    public void ready() {
        impl = RunScope.current().implementation();
    }

    @Given("the implementation has capability {string}")
    public void needs(String capability) {
        impl = RunScope.current().implementation();
        if (!impl.info().has(capability)) {
            throw new NotApplicable("needs capability " + capability);
        }
    }

    @Then("the answer is {int}")
    public void answerIs(int expected) {
        if (expected != 42) {
            throw new AssertionError("[SAMPLE] " + impl.info().id() + ": expected " + expected + ", observed 42");
        }
    }

    @Then("asking {int} crashes the implementation")
    public void crashes(int input) {
        throw new ImplementationFailure(
                ImplementationFailure.Kind.CRASHED, "crashed (signal 11) on " + input, "Segmentation fault <core>");
    }
}
