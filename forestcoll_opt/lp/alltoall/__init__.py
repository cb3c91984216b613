"""The all-to-all LP: the maximum concurrent flow of a demand (the uniform all-to-all by
default), folded by the automorphism group, its certified interval, and the routes at its
optimum as a schedule."""
