"""Shared test helper: a permutation group listed by brute force."""


def closure(n, gens):
    """Every element of the group the permutations of 0..n-1 generate, by closing the
    identity under the generators."""
    identity = tuple(range(n))
    found, todo = {identity}, [identity]
    while todo:
        a = todo.pop()
        for g in gens:
            c = tuple(g[v] for v in a)
            if c not in found:
                found.add(c)
                todo.append(c)
    return found
