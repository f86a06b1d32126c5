/** Gogo commands in scope {@code karmi} (not exported). */
package org.karmi.shell.internal;
