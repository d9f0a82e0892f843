package org.asynciotck.java;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.asynciotck.java.example.DequeLoopProvider;
import org.asynciotck.spi.ApiLevel;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Outcome;
import org.junit.jupiter.api.Test;

/**
 * One vocabulary: every operation of {@link Operation} reaches a branch of the interpreter, never its
 * "not handled" fallback. Each is sent with empty fields to a closed loop, so nothing runs or blocks; what
 * comes back (an error, an unknown name, "not supported") does not matter, only that it was interpreted.
 */
class InterpreterVocabularyTest {

    @Test
    void everyOperationIsInterpreted() throws Exception {
        List<String> notHandled = new ArrayList<>();
        Class<?>[] operations = Operation.class.getPermittedSubclasses();
        for (Class<?> type : operations) {
            JavaLoop loop = new DequeLoopProvider().newLoop();
            loop.close();
            Interpreter interpreter = new Interpreter(loop, ApiLevel.parse("3.12"), java.util.concurrent.CompletableFuture::runAsync);
            try {
                Outcome outcome = interpreter.perform(empty(type));
                if (outcome.isError() && outcome.message().startsWith("operation not handled")) {
                    notHandled.add(type.getSimpleName());
                }
            } catch (JavaLoop.NotSupported | AsyncioTypes.UnknownName | LoopError | LoopError.Exit e) {
                // interpreted: an optional method, a name the kit never made, or what the kit raises
            }
        }
        assertThat(operations).hasSizeGreaterThanOrEqualTo(60);
        assertThat(notHandled).as("operations the Java interpreter does not handle").isEmpty();
    }

    private static Operation empty(Class<?> type) throws Exception {
        RecordComponent[] components = type.getRecordComponents();
        Class<?>[] types = Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new);
        Constructor<?> constructor = type.getDeclaredConstructor(types);
        Object[] arguments = Arrays.stream(types).map(InterpreterVocabularyTest::emptyValue).toArray();
        return (Operation) constructor.newInstance(arguments);
    }

    private static Object emptyValue(Class<?> type) {
        if (type == boolean.class) {
            return false;
        }
        if (type == double.class) {
            return 0.0;
        }
        if (type == int.class) {
            return 0;
        }
        if (type == Operation.BaseErrorType.class) {
            return Operation.BaseErrorType.SYSTEM_EXIT;
        }
        if (type == Operation.ExceptionHandlerKind.class) {
            return Operation.ExceptionHandlerKind.RECORDING;
        }
        if (type == Operation.TaskConstruction.class) {
            return Operation.TaskConstruction.CREATE_TASK;
        }
        if (type == Operation.class) {
            return new Operation.LoopTime();
        }
        return null;
    }
}
