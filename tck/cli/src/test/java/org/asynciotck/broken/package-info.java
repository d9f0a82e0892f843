/**
 * Deliberately WRONG event loops. Every loop in this package breaks one rule of the kit on
 * purpose (named in its Javadoc) so the kit's own tests can check that the rule's scenarios
 * reject it. Do not use them for anything else.
 */
package org.asynciotck.broken;
