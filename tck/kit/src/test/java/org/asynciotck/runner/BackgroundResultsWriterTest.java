package org.asynciotck.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.qameta.allure.AllureResultsWriteException;
import io.qameta.allure.AllureResultsWriter;
import io.qameta.allure.model.TestResult;
import io.qameta.allure.model.TestResultContainer;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class BackgroundResultsWriterTest {

    /** What reached the file system's writer, and on which thread. */
    private static final class Recording implements AllureResultsWriter {
        final List<String> written = new CopyOnWriteArrayList<>();
        final List<String> threads = new CopyOnWriteArrayList<>();
        final CountDownLatch release;
        String failOn;

        Recording(CountDownLatch release) {
            this.release = release;
        }

        @Override
        public void write(TestResult result) {
            record("result " + result.getUuid());
        }

        @Override
        public void write(TestResultContainer container) {
            record("container " + container.getUuid());
        }

        @Override
        public void write(String source, InputStream attachment) {
            try {
                record("attachment " + source + " " + new String(attachment.readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        private void record(String what) {
            try {
                release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (what.equals(failOn)) {
                throw new AllureResultsWriteException("disk full", null);
            }
            written.add(what);
            threads.add(Thread.currentThread().getName());
        }
    }

    @Test
    void theScenariosDoNotWaitForTheWritesButTheRunDoes() {
        CountDownLatch release = new CountDownLatch(1);
        Recording files = new Recording(release);
        BackgroundResultsWriter writer = new BackgroundResultsWriter(files, "run-1");

        writer.write(new TestResult().setUuid("r1"));
        writer.write(new TestResultContainer().setUuid("c1"));
        assertThat(files.written).as("the writes wait for the file system, the caller does not").isEmpty();

        release.countDown();
        writer.finish();
        assertThat(files.written).containsExactly("result r1", "container c1");
        assertThat(files.threads).containsOnly("allure-results-writer-run-1");
    }

    @Test
    void anAttachmentIsReadBeforeTheCallerClosesIt() throws IOException {
        Recording files = new Recording(new CountDownLatch(0));
        BackgroundResultsWriter writer = new BackgroundResultsWriter(files, "run-2");
        ClosingStream stream = new ClosingStream("a,b\n1,2\n");

        writer.write("x-attachment.csv", stream);
        stream.close();
        writer.finish();

        assertThat(files.written).containsExactly("attachment x-attachment.csv a,b\n1,2\n");
    }

    @Test
    void aWriteAfterFinishIsMadeOnTheCallersThreadNotDropped() {
        Recording files = new Recording(new CountDownLatch(0));
        BackgroundResultsWriter writer = new BackgroundResultsWriter(files, "run-3");
        writer.finish();

        writer.write(new TestResult().setUuid("late"));

        assertThat(files.written).containsExactly("result late");
        assertThat(files.threads).containsExactly(Thread.currentThread().getName());
    }

    @Test
    void aFailedWriteIsThrownByTheNextWriteAndByFinish() {
        Recording files = new Recording(new CountDownLatch(0));
        files.failOn = "result bad";
        BackgroundResultsWriter writer = new BackgroundResultsWriter(files, "run-4");

        writer.write(new TestResult().setUuid("bad"));
        assertThatThrownBy(writer::finish).isInstanceOf(AllureResultsWriteException.class)
                .hasMessageContaining("could not be written").hasMessageContaining("disk full");
        assertThatThrownBy(() -> writer.write(new TestResult().setUuid("next")))
                .isInstanceOf(AllureResultsWriteException.class).hasMessageContaining("disk full");
        assertThat(files.written).isEmpty();
    }

    /** A stream that cannot be read once closed, as a file's is. */
    private static final class ClosingStream extends ByteArrayInputStream {
        private boolean closed;

        ClosingStream(String text) {
            super(text.getBytes(StandardCharsets.UTF_8));
        }

        @Override
        public synchronized int read(byte[] b, int off, int len) {
            if (closed) {
                throw new IllegalStateException("read after close");
            }
            return super.read(b, off, len);
        }

        @Override
        public synchronized byte[] readAllBytes() {
            if (closed) {
                throw new IllegalStateException("read after close");
            }
            return super.readAllBytes();
        }

        @Override
        public void close() {
            closed = true;
        }
    }
}
