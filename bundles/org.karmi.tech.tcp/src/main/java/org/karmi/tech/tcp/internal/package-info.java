/** TCP technology: registers the tcp Technology. (not exported). */
package org.karmi.tech.tcp.internal;
