package org.asynciotck.runner;

import io.qameta.allure.AllureResultsWriteException;
import io.qameta.allure.AllureResultsWriter;
import io.qameta.allure.model.TestResult;
import io.qameta.allure.model.TestResultContainer;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Writes a run's Allure results on a thread of their own, so the scenarios do not wait for them.
 *
 * <p>Why: Allure's plugin writes about four files per scenario (the result and one container per
 * hook), each serialised and created while Cucumber waits. Creating a file is the dearest part;
 * on the machine of issue 14 the run's thousand files cost over a second of the scenarios' thread,
 * as much as the scenarios themselves. On this thread they overlap with the next scenarios.
 *
 * <p>Nothing is dropped: when the queue is full, or after {@link #finish}, a write is made on the
 * caller's thread, as it was before. {@link #finish} waits for every queued write, within
 * {@link #FINISH_BOUND}, before the run reports. A write that fails is thrown again on the next
 * write and by {@link #finish}, so a run whose Allure results are incomplete does not end quietly.
 *
 * <p>Allure hands each result to its writer once it has finished with it (its lifecycle forgets the
 * result after writing it), so the result is not changed after it is queued; an attachment's
 * stream is read before the write returns, because the caller closes it afterwards.
 */
final class BackgroundResultsWriter implements AllureResultsWriter {

    /**
     * How long {@link #finish} waits for the queued writes: a write takes about a millisecond and a
     * run queues about a thousand, so a minute means the file system is failing, not slow.
     */
    static final Duration FINISH_BOUND = Duration.ofSeconds(60);
    /** Writes queued at most; past it the caller writes itself, so memory stays bounded. */
    static final int QUEUE_CAPACITY = 4096;

    /** How long the writer's thread outlives its last write, when nobody calls {@link #finish}. */
    private static final long IDLE_SECONDS = 5;

    private final AllureResultsWriter writer;
    private final ThreadPoolExecutor thread;
    /** The first write that failed on the writer's thread, or null. */
    private final AtomicReference<RuntimeException> failure = new AtomicReference<>();

    BackgroundResultsWriter(AllureResultsWriter writer, String runKey) {
        this.writer = writer;
        this.thread = new ThreadPoolExecutor(1, 1, IDLE_SECONDS, TimeUnit.SECONDS, new ArrayBlockingQueue<>(QUEUE_CAPACITY),
                task -> {
                    Thread writing = new Thread(task, "allure-results-writer-" + runKey);
                    writing.setDaemon(true); // finish() waits for it; a kit that exits otherwise is not held up
                    return writing;
                },
                (task, full) -> task.run());
        thread.allowCoreThreadTimeOut(true); // a run that ends in an exception never calls finish()
    }

    @Override
    public void write(TestResult result) {
        queue(() -> writer.write(result));
    }

    @Override
    public void write(TestResultContainer container) {
        queue(() -> writer.write(container));
    }

    @Override
    public void write(String source, InputStream attachment) {
        byte[] bytes;
        try {
            bytes = attachment.readAllBytes();
        } catch (IOException e) {
            throw new AllureResultsWriteException("cannot read the attachment " + source, e);
        }
        queue(() -> writer.write(source, new ByteArrayInputStream(bytes)));
    }

    /**
     * Waits for every queued write (later writes are made on the caller's thread).
     *
     * @throws AllureResultsWriteException when a write failed, or the writes did not end within
     *     {@link #FINISH_BOUND}
     */
    void finish() {
        thread.shutdown();
        try {
            if (!thread.awaitTermination(FINISH_BOUND.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new AllureResultsWriteException("the Allure results were not all written within "
                        + FINISH_BOUND.toSeconds() + " s (BackgroundResultsWriter.FINISH_BOUND)", null);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AllureResultsWriteException("interrupted while the Allure results were written", e);
        }
        throwFailure();
    }

    private void queue(Runnable write) {
        throwFailure();
        thread.execute(() -> {
            try {
                write.run();
            } catch (RuntimeException e) {
                failure.compareAndSet(null, e);
            }
        });
    }

    private void throwFailure() {
        RuntimeException failed = failure.get();
        if (failed != null) {
            throw new AllureResultsWriteException("an Allure result could not be written: " + failed.getMessage(), failed);
        }
    }
}
