package org.ringlab.queues.broadcast;

/** {@link WaitStrategy#yielding()}. */
final class YieldWait implements WaitStrategy {

    static final YieldWait INSTANCE = new YieldWait();

    private YieldWait() {
    }

    @Override
    public String name() {
        return "yield";
    }

    @Override
    public void idle(int step) {
        Thread.yield();
    }

    @Override
    public boolean parksAt(int step) {
        return false;
    }

    @Override
    public String toString() {
        return name();
    }
}
