/** The example Greeter's consumer (not exported). */
package org.karmi.examples.greeter.consumer;
