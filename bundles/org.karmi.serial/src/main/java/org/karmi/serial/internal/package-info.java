/** The UKA-serialization: registers the uka Serializer. (not exported). */
package org.karmi.serial.internal;
