/** The example Greeter's implementation (not exported). */
package org.karmi.examples.greeter.provider;
