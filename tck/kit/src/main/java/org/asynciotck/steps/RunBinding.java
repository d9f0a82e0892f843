package org.asynciotck.steps;

import io.cucumber.plugin.ConcurrentEventListener;
import io.cucumber.plugin.event.EventPublisher;
import io.cucumber.plugin.event.TestCaseFinished;
import io.cucumber.plugin.event.TestCaseStarted;

/**
 * The Cucumber plugin that binds each test case of a run to the run's {@link RunScope}.
 *
 * <p>Cucumber sends a concurrent listener {@code TestCaseStarted} on the thread that then runs the
 * test case's hooks and steps, before any of them, and {@code TestCaseFinished} on the same thread
 * after the last; so between the two, {@link RunScope#current} on that thread is this run's scope,
 * whether Cucumber runs the scenarios one after another or in parallel.
 */
public final class RunBinding implements ConcurrentEventListener {

    private final String key;

    /** Made by Cucumber from {@link RunScope#stepPlugins}; fails at once when the key names no run. */
    public RunBinding(String key) {
        RunScope.of(key);
        this.key = key;
    }

    @Override
    public void setEventPublisher(EventPublisher publisher) {
        publisher.registerHandlerFor(TestCaseStarted.class, started -> RunScope.bind(key));
        publisher.registerHandlerFor(TestCaseFinished.class, finished -> RunScope.unbind());
    }
}
