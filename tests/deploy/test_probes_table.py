"""The probes' table (service/probes.py): what the master reads from the workers' slots."""

from types import SimpleNamespace

from service.probes import BUSY_AFTER_SECONDS, QUEUED_LIMIT, WorkerTable, assign_slot, unready, verdicts


def _server(*pids):
    """The arbiter as the probes read it: its workers by pid, and its listeners (one, until a stop)."""
    return SimpleNamespace(WORKERS={pid: SimpleNamespace(pid=pid) for pid in pids}, LISTENERS=[object()])


def test_a_worker_is_busy_when_its_loop_has_not_ticked_or_it_holds_too_many_requests():
    table, server = WorkerTable(), _server(11, 12)
    for worker in server.WORKERS.values():
        assign_slot(table, server, worker)
    slots = {pid: worker.probe_slot for pid, worker in server.WORKERS.items()}
    assert sorted(slots.values()) == [0, 1]
    now = 100.0
    table.write(slots[11], 11, 1, now - BUSY_AFTER_SECONDS / 2)
    table.write(slots[12], 12, 0, now - 2 * BUSY_AFTER_SECONDS)
    found = verdicts(table, server, now)
    assert [w["busy"] for w in found["workers"]] == [False, True] and not found["busy"]
    table.write(slots[11], 11, QUEUED_LIMIT, now)
    assert verdicts(table, server, now)["busy"] and verdicts(table, server, now)["alive"]


def test_a_slot_not_yet_written_by_its_worker_is_neither_busy_nor_idle():
    table, server = WorkerTable(), _server(21)
    assign_slot(table, server, server.WORKERS[21])  # forked, its loop not yet running
    found = verdicts(table, server, 1e9)
    assert found["workers"] == [] and not found["busy"] and found["alive"]
    assert unready(found) == "starting"  # a request would wait for the worker to boot
    table.write(server.WORKERS[21].probe_slot, 21, 0, 1e9)
    assert unready(verdicts(table, server, 1e9)) is None


def test_a_new_worker_takes_the_slot_a_dead_one_left():
    table, server = WorkerTable(), _server(31, 32)
    for worker in server.WORKERS.values():
        assign_slot(table, server, worker)
    freed = server.WORKERS.pop(31).probe_slot
    newcomer = SimpleNamespace(pid=33)
    assign_slot(table, server, newcomer)
    assert newcomer.probe_slot == freed


def test_without_workers_the_master_is_not_alive():
    assert verdicts(WorkerTable(), _server(), 0.0)["alive"] is False


def test_readiness_fails_from_the_moment_a_stop_begins_while_the_workers_still_finish_their_requests():
    table, server = WorkerTable(), _server(41)
    assign_slot(table, server, server.WORKERS[41])
    table.write(server.WORKERS[41].probe_slot, 41, 3, 50.0)
    assert unready(verdicts(table, server, 50.0)) is None
    server.LISTENERS = []  # what the arbiter does first when it stops
    found = verdicts(table, server, 50.0)
    assert found["alive"] and found["stopping"] and unready(found) == "stopping"
    table.write(server.WORKERS[41].probe_slot, 41, QUEUED_LIMIT, 50.0)  # stopping is said before busy
    assert unready(verdicts(table, server, 50.0)) == "stopping"
    assert unready(verdicts(table, _server(), 50.0)) == "no worker is alive"


def test_liveness_fails_once_every_worker_has_been_stuck_longer_than_the_worker_timeout():
    table, server = WorkerTable(), _server(51, 52)
    server.cfg = SimpleNamespace(timeout=30)
    for worker in server.WORKERS.values():
        assign_slot(table, server, worker)
    slot = {pid: worker.probe_slot for pid, worker in server.WORKERS.items()}
    table.write(slot[51], 51, 1, 100.0)
    table.write(slot[52], 52, 1, 135.0)
    assert not verdicts(table, server, 140.0)["stuck"]  # one worker still runs its loop: alive
    table.write(slot[52], 52, 1, 109.0)
    found = verdicts(table, server, 140.0)
    assert found["stuck"] and found["alive"] and found["busy"]
