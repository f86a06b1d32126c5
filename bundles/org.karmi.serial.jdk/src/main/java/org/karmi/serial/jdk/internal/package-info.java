/** JDK serialization behind the Serializer SPI (the baseline): registers the jdk Serializer. (not exported). */
package org.karmi.serial.jdk.internal;
