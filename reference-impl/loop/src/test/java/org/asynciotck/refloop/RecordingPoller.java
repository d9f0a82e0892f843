package org.asynciotck.refloop;

import java.util.ArrayList;
import java.util.List;

/** A poller that records each timeout it is given and returns at once; optionally stops the loop. */
final class RecordingPoller implements Poller {

    final List<Double> timeouts = new ArrayList<>();
    EventLoop stopAfterPoll;

    @Override
    public void poll(Double timeoutSeconds) {
        timeouts.add(timeoutSeconds);
        if (stopAfterPoll != null) {
            stopAfterPoll.stop();
        }
    }

    @Override
    public void wakeup() {}

    @Override
    public void close() {}
}
