/**
 * Text that came from outside the kit (an implementation's name, version, messages, its agent's
 * stderr) on its way into a folder name or onto the console. The kit certifies code it does not
 * trust, so such text never names a path or reaches a terminal unchecked.
 */
package org.asynciotck.untrusted;
