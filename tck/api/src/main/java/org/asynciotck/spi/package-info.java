/**
 * The adapter SPI: what an event loop implementation provides so that the kit can certify it.
 *
 * <p>An implementation is a {@link org.asynciotck.spi.LoopImplementation}: it describes itself
 * ({@link org.asynciotck.spi.ImplementationInfo}: identity, the API level it implements, the
 * {@link org.asynciotck.spi.Capability capabilities} and {@link org.asynciotck.spi.Profile profiles}
 * it declares) and opens {@link org.asynciotck.spi.LoopSession sessions}, each on a fresh loop. A
 * session performs {@link org.asynciotck.spi.Operation operations}, the closed vocabulary of the
 * kit, and answers each with an {@link org.asynciotck.spi.Outcome}.
 *
 * <p>Contract words: an implementation <em>must</em> answer every public-API operation; it
 * <em>may</em> decline the operations that need a capability, by not declaring it, and then is never
 * sent them; it <em>must not</em> throw for a loop that raised (that is an
 * {@link org.asynciotck.spi.Outcome#error error outcome}); it throws
 * {@link org.asynciotck.spi.ImplementationFailure} only when it crashed, hung past its
 * {@link org.asynciotck.spi.LoopImplementation#operationBound() bound} or broke the protocol.
 * Capabilities, profiles and API levels are closed sets: a declaration outside them is refused.
 *
 * <p>This package depends on nothing but the JDK, so that an implementer compiles against the
 * vocabulary and not against any wire form; the JSON form of docs/protocol.md belongs to the
 * process adapter.
 *
 * @since 0.1
 */
package org.asynciotck.spi;
