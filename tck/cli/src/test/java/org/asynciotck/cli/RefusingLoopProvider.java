package org.asynciotck.cli;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import org.asynciotck.java.JavaLoop;
import org.asynciotck.java.JavaLoopProvider;

/**
 * A registered Java loop that refuses every core operation (the optional ones keep their defaults: not
 * supported): a second provider beside the worked example's, so a matrix has two Java columns of one class
 * path whose verdicts must differ. Registered only by the services file a test writes into a folder of its
 * own, never on this module's class path, where every lookup of a Java loop would see it.
 */
public final class RefusingLoopProvider implements JavaLoopProvider {

    static final String ID = "refusing-loop";

    @Override
    public JavaLoop newLoop() {
        InvocationHandler refuse = (loop, method, args) -> {
            if (method.isDefault()) {
                return InvocationHandler.invokeDefault(loop, method, args);
            }
            return switch (method.getName()) {
                case "close" -> null;
                case "toString" -> ID;
                case "hashCode" -> System.identityHashCode(loop);
                case "equals" -> loop == args[0];
                default -> throw new UnsupportedOperationException(ID + " refuses " + method.getName() + ", on purpose");
            };
        };
        return (JavaLoop) Proxy.newProxyInstance(JavaLoop.class.getClassLoader(), new Class<?>[] {JavaLoop.class}, refuse);
    }

    @Override
    public String id() {
        return ID;
    }

    /** A registered Java loop that cannot even make a loop, so its column cannot start. */
    public static final class Unmade implements JavaLoopProvider {

        static final String ID = "unmade-loop";

        @Override
        public JavaLoop newLoop() {
            throw new UnsupportedOperationException(ID + " makes no loop, on purpose");
        }

        @Override
        public String id() {
            return ID;
        }
    }
}
