package org.karmi.spi.dgc;

/**
 * What one collector cost and achieved on this node, counted by the reference layer since the
 * node started: its messages and bytes (one-way messages, requests and answers; payload bytes
 * without the technology's framing) and the objects it let go.
 *
 * @param messagesSent     one-way messages and requests sent, answers to peers' requests included
 * @param bytesSent        their payload bytes
 * @param messagesReceived one-way messages, requests and answers received
 * @param bytesReceived    their payload bytes
 * @param unreferenced     objects found unreferenced (and {@code Unreferenced.unreferenced()} called)
 */
public record CollectorStatistics(long messagesSent, long bytesSent, long messagesReceived, long bytesReceived,
        long unreferenced) {
}
